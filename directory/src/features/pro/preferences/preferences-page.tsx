/** /pro/companies/:companyId/preferences: the page module of the Lead preferences screen. */
import { useProCompany } from '../pro-session';
import { PreferencesScreen } from './preferences-screen';

function PreferencesPage() {
  const company = useProCompany();
  // Keyed by company: a switch of company starts from that company's own settings, not the last one's edits.
  return <PreferencesScreen key={company.id} company={company} />;
}

export const Component = PreferencesPage;
