/** The Licensing screens' section links (FMCSA imports, the red-flag report, new listings), as tabs. */
import { SectionTabs } from '../ui/section-tabs';

const SECTIONS = [
  { to: '/admin/licensing', label: 'FMCSA imports', end: true },
  { to: '/admin/licensing/red-flags', label: 'Red flags', end: false },
  { to: '/admin/licensing/census', label: 'New listings from the census', end: false },
];

export function LicensingSections() {
  return <SectionTabs label="Licensing sections" sections={SECTIONS} />;
}
