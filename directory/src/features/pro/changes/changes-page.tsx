/** /pro/companies/:companyId/changes: the page module of the change history screen (owners only). */
import { useProCompany } from '../pro-session';
import { ChangesScreen } from './changes-screen';

function ChangesPage() {
  return <ChangesScreen company={useProCompany()} />;
}

export const Component = ChangesPage;
