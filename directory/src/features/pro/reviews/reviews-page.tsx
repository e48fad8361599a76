/** The Reviews screen's page module (/pro/companies/:companyId/reviews): the screen, for the company being worked on. */
import { useProCompany } from '../pro-session';
import { ReviewsScreen } from './reviews-screen';

export function Component() {
  const company = useProCompany();
  return <ReviewsScreen key={company.id} company={company} />;
}
