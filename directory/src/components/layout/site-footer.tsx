/** The public footer (spec 2.7): quick links, links for companies, contact details, social links, legal line. */
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import {
  CONTACT,
  FOOTER_QUICK_LINKS,
  FOR_COMPANIES_LINKS,
  SOCIAL_LINKS,
  type SocialNetwork,
} from '../../config/site';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TruckIcon,
  XIcon,
} from '../icons';

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  facebook: FacebookIcon,
  x: XIcon,
  linkedin: LinkedInIcon,
  instagram: InstagramIcon,
};

const linkClass = 'text-slate-300 underline-offset-2 hover:text-white hover:underline';

export function SiteFooter({ siteName, currentYear }: { siteName: string; currentYear: number }) {
  return (
    <footer className="bg-slate-900 text-slate-300" aria-labelledby="site-footer-heading">
      <h2 id="site-footer-heading" className="sr-only">
        Site footer
      </h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-600 text-white">
              <TruckIcon className="h-5 w-5" />
            </span>
            {siteName}
          </Link>
          <p className="mt-4 text-sm leading-6">
            A national directory of moving companies. Compare local and long-distance movers in
            every state, read what customers say, and request free quotes.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.network];
              return (
                <li key={social.network}>
                  <a
                    href={social.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                  >
                    <Icon className="h-5 w-5" />
                    <span className="sr-only">
                      {siteName} on {social.label} (opens in a new tab)
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h3
            id="footer-quick-links"
            className="text-sm font-semibold tracking-wide text-white uppercase"
          >
            Quick Links
          </h3>
          <ul className="mt-4 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-for-companies">
          <h3
            id="footer-for-companies"
            className="text-sm font-semibold tracking-wide text-white uppercase"
          >
            For Companies
          </h3>
          <ul className="mt-4 space-y-2 text-sm">
            {FOR_COMPANIES_LINKS.map((item) => (
              <li key={item.label}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h3 className="text-sm font-semibold tracking-wide text-white uppercase">Contact Us</h3>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <PhoneIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={CONTACT.phoneHref} className={linkClass}>
                {CONTACT.phoneDisplay}
              </a>
            </p>
            <p className="flex gap-2">
              <MailIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={`mailto:${CONTACT.email}`} className={`${linkClass} break-all`}>
                {CONTACT.email}
              </a>
            </p>
            <p className="flex gap-2">
              <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {CONTACT.street}
                <br />
                {CONTACT.locality}, {CONTACT.region} {CONTACT.postalCode}
              </span>
            </p>
          </address>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {currentYear} {siteName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Legal">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/sitemap" className={linkClass}>
                Sitemap
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
