/** What a content loader throws for a slug that names nothing: the route's boundary shows the 404 page. */
import { data } from 'react-router-dom';

export function contentNotFound(): never {
  throw data('Not Found', { status: 404 });
}
