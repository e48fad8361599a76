/** /pro/companies/:companyId/notifications: the page module of the notification settings screen. */
import { useProCompany } from '../pro-session';
import { NotificationsScreen } from './notifications-screen';

function NotificationsPage() {
  return <NotificationsScreen company={useProCompany()} />;
}

export const Component = NotificationsPage;
