/** Outline icons of the admin navigation: decorative, hidden from assistive technology. */
import type { ReactNode, SVGProps } from 'react';
import { Outline } from '../../components/icons';
import type { AdminIconName } from './admin-nav';

const PATHS: Record<AdminIconName | 'logout' | 'website' | 'menu' | 'close', ReactNode> = {
  dashboard: <path d="M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10" />,
  companies: (
    <path d="M4 21V5l8-2v18M12 8h8v13M8 8h.01M8 12h.01M8 16h.01M16 12h.01M16 16h.01M2 21h20" />
  ),
  claims: <path d="M9 12l2 2 4-4M7 3h10l3 3v15H4V3h3" />,
  leads: (
    <path d="M16 21v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M9 11a4 4 0 100-8 4 4 0 000 8M22 21v-2a4 4 0 00-3-3.9M16 3.1a4 4 0 010 7.8" />
  ),
  deletion: <path d="M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14M10 11v6M14 11v6" />,
  messages: <path d="M4 5h16v12H8l-4 4V5M8 9h8M8 13h5" />,
  mail: <path d="M3 6h18v12H3V6M3 7l9 6 9-6" />,
  statistics: <path d="M3 3v18h18M7 15l4-4 3 3 5-6" />,
  scripts: <path d="M8 9l-4 3 4 3M16 9l4 3-4 3M14 5l-4 14" />,
  jobs: <path d="M12 7v5l3 2M21 12a9 9 0 11-18 0 9 9 0 0118 0" />,
  database: (
    <path d="M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
  ),
  upload: <path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />,
  seo: <path d="M11 19a8 8 0 100-16 8 8 0 000 16M21 21l-4.3-4.3M8 11l2 2 4-4" />,
  qa: <path d="M9 12l2 2 4-4M12 3l8 4v5c0 5-3.5 8.5-8 9-4.5-.5-8-4-8-9V7l8-4" />,
  audit: <path d="M9 3h6l1 2h3v16H5V5h3l1-2M9 11h6M9 15h4M8 7h8" />,
  licensing: <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3M9 12h6M12 9v6" />,
  settings: (
    <path d="M12 15a3 3 0 100-6 3 3 0 000 6M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1" />
  ),
  logout: <path d="M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9" />,
  website: <path d="M10 19l-7-7 7-7M3 12h18" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
};

export function AdminIcon({
  name,
  ...props
}: { name: keyof typeof PATHS } & SVGProps<SVGSVGElement>) {
  return <Outline {...props}>{PATHS[name]}</Outline>;
}
