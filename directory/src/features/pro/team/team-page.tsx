/** /pro/companies/:companyId/team: the page module of the team screen (team-screen.tsx). */
import { useProCompany, useProSession } from '../pro-session';
import { TeamScreen } from './team-screen';

function TeamPage() {
  const company = useProCompany();
  const { user } = useProSession();
  return <TeamScreen company={company} userId={user?.id ?? 0} />;
}

export const Component = TeamPage;
