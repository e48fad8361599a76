/** Inline SVG icons (no icon font or CDN): decorative, hidden from assistive technology. */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** A 24-pixel outline icon around the given paths (the admin area draws its own icons with it too). */
export function Outline({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Outline>
);

export const CloseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Outline>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 9l6 6 6-6" />
  </Outline>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Outline>
);

export const SearchIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Outline>
);

export const TruckIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </Outline>
);

export const RouteIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="6" cy="18" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <path d="M8.5 18H15a3 3 0 000-6H9a3 3 0 010-6h6.5" />
  </Outline>
);

export const BuildingIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 21V5l8-2v18M12 21V9l8 3v9M3 21h18M7 8h2M7 12h2M7 16h2M15 14h2M15 17h2" />
  </Outline>
);

export const BoxIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M3 7.5L12 3l9 4.5v9L12 21l-9-4.5z" />
    <path d="M3 7.5L12 12l9-4.5M12 12v9" />
  </Outline>
);

export const MapPinIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Outline>
);

export const ShieldCheckIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Outline>
);

export const ScaleIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 4v16M7 20h10M5 7h14M5 7l-3 6a3 3 0 006 0zM19 7l-3 6a3 3 0 006 0z" />
  </Outline>
);

export const StarIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z" />
  </Outline>
);

export const PhoneIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
  </Outline>
);

export const MailIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Outline>
);

export const HomeIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </Outline>
);

export const RefreshIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M20 11a8 8 0 10-2.3 5.7M20 4v7h-7" />
  </Outline>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Outline>
);

function Solid({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const FacebookIcon = (props: IconProps) => (
  <Solid {...props}>
    <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />
  </Solid>
);

export const XIcon = (props: IconProps) => (
  <Solid {...props}>
    <path d="M17.5 3h3l-6.6 7.6L21.7 21h-6.1l-4.8-6.3L5.3 21h-3l7.1-8.1L2 3h6.2l4.3 5.7zm-1 16.2h1.7L7.6 4.7H5.8z" />
  </Solid>
);

export const LinkedInIcon = (props: IconProps) => (
  <Solid {...props}>
    <path d="M4.98 3.5a2.5 2.5 0 110 5 2.5 2.5 0 010-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.1c.5-.9 1.8-1.9 3.7-1.9 4 0 4.7 2.6 4.7 6V21h-4v-4.9c0-1.2 0-2.7-1.7-2.7s-1.9 1.3-1.9 2.6v5h-4z" />
  </Solid>
);

export const InstagramIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4.5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Outline>
);
