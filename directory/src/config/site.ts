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
 * Companies are invited to list themselves, feature, buy leads or advertise (spec section 1); those pages
 * do not exist, so each invitation opens an e-mail to the team with the request named in the subject.
 */
export const FOR_COMPANIES_LINKS: readonly { label: string; subject: string }[] = [
  { label: 'List Your Company', subject: 'List my moving company' },
  { label: 'Featured Listings', subject: 'Featured listing enquiry' },
  { label: 'Buy Moving Leads', subject: 'Moving leads enquiry' },
  { label: 'Advertise With Us', subject: 'Advertising enquiry' },
];

export const mailtoWithSubject = (subject: string): string =>
  `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;

export type SocialNetwork = 'facebook' | 'x' | 'linkedin' | 'instagram';

export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/moveratlas' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/moveratlas' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/moveratlas' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/moveratlas' },
];
