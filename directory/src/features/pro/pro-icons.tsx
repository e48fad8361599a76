/** Outline icons of the /pro menu: decorative, hidden from assistive technology. */
import type { ReactNode, SVGProps } from 'react';
import { Outline } from '../../components/icons';
import type { ProIconName } from './pro-nav';

const PATHS: Record<ProIconName | 'logout' | 'website' | 'menu' | 'close' | 'chevron', ReactNode> =
  {
    overview: <path d="M3 3v18h18M7 15l4-4 3 3 5-6" />,
    leads: <path d="M4 5h16v12H8l-4 4V5M8 9h8M8 13h5" />,
    profile: (
      <path d="M4 21V5l8-2v18M12 8h8v13M8 8h.01M8 12h.01M8 16h.01M16 12h.01M16 16h.01M2 21h20" />
    ),
    reviews: (
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3" />
    ),
    team: (
      <path d="M16 21v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 11a4 4 0 100-8 4 4 0 000 8M22 21v-2a4 4 0 00-3-3.9M16 3.1a4 4 0 010 7.8" />
    ),
    notifications: <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />,
    // A paper plane: leads sent on to the company's inbox and its own system.
    delivery: <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7" />,
    // Sliders: the leads a company takes.
    preferences: <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" />,
    activity: <path d="M9 3h6l1 2h3v16H5V5h3l1-2M9 11h6M9 15h4M8 7h8" />,
    account: <path d="M20 21v-2a4 4 0 00-4-4H8a4 4 0 00-4 4v2M12 11a4 4 0 100-8 4 4 0 000 8" />,
    logout: <path d="M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9" />,
    website: <path d="M10 19l-7-7 7-7M3 12h18" />,
    menu: <path d="M4 6h16M4 12h16M4 18h16" />,
    close: <path d="M6 6l12 12M18 6L6 18" />,
    chevron: <path d="M6 9l6 6 6-6" />,
  };

export function ProIcon({
  name,
  ...props
}: { name: keyof typeof PATHS } & SVGProps<SVGSVGElement>) {
  return <Outline {...props}>{PATHS[name]}</Outline>;
}
