/** /pro/companies/:companyId/delivery: the page module of the Lead delivery screen. */
import { useProCompany } from '../pro-session';
import { DeliveryScreen } from './delivery-screen';

function DeliveryPage() {
  const company = useProCompany();
  // Switching company keeps this route mounted: a fresh screen, so no draft or open dialog carries over.
  return <DeliveryScreen key={company.id} company={company} />;
}

export const Component = DeliveryPage;
