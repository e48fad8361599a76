/** The catch-all route: every path no other route claims answers 404 with the not-found page. */
import { data } from 'react-router-dom';
import { NotFoundPage } from '../../components/errors/not-found-page';

export function loader() {
  return data(null, { status: 404 });
}

export const Component = NotFoundPage;
