/**
 * Fixed site content: navigation, the sample contact details the spec asks for (2.7: "placeholder samples")
 * and the social profiles. The site's name is not here: it comes from SITE_NAME through the data context.
 */

export interface NavLink {
  label: string;
  to: string;
}

export const MAIN_NAV: readonly NavLink[] = [
  { label: 'Find Movers', to: '/moving-companies' },
  { label: 'Blog', to: '/blog' },
  { label: 'Moving Guides', to: '/guides' },
  { label: 'Cost Calculator', to: '/calculator' },
];

export const ABOUT_NAV: readonly NavLink[] = [
  { label: 'About Us', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];

export const ADMIN_LINK: NavLink = { label: 'Admin', to: '/admin' };
export const QUOTE_LINK: NavLink = { label: 'Get Free Quotes', to: '/get-quotes' };

export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: 'Find Movers', to: '/moving-companies' },
  { label: 'Browse by State', to: '/states' },
  { label: 'Get Free Quotes', to: '/get-quotes' },
  { label: 'Cost Calculator', to: '/calculator' },
  { label: 'Check a Mover', to: '/check-a-mover' },
  { label: 'Moving Tips', to: '/blog' },
  { label: 'Moving Guides', to: '/guides' },
  { label: 'Location Resources', to: '/resources' },
  { label: 'FAQ', to: '/faq' },
];

export const SUPPORT_EMAIL = 'support@moveratlas.example';

export const CONTACT = {
  phoneDisplay: '(312) 555-0100',
  phoneHref: 'tel:+13125550100',
  email: SUPPORT_EMAIL,
  street: '100 N LaSalle St, Suite 1200',
  locality: 'Chicago',
  region: 'IL',
  postalCode: '60602',
} as const;

/**
 * Companies are invited to list themselves, claim and manage their listing, or advertise (spec section 1,
 * issue 17). A company already in the directory finds its page through the search and claims it there; one
 * that is not applies on /list-your-company; a company's people sign in to their dashboard at /pro/login.
 * Advertising enquiries go to the contact form with its partnership topic chosen.
 */
export const FOR_COMPANIES_LINKS: readonly NavLink[] = [
  { label: 'Company Sign In', to: '/pro/login' },
  { label: 'Claim Your Listing', to: '/search' },
  { label: 'List Your Company', to: '/list-your-company' },
  { label: 'Advertise With Us', to: '/contact?topic=partnership' },
];

export type SocialNetwork = 'facebook' | 'x' | 'linkedin' | 'instagram';

export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/moveratlas' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/moveratlas' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/moveratlas' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/moveratlas' },
];
