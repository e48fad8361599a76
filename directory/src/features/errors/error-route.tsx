/** GET /error: the error page as a screen of its own; ?status=503 shows (and answers with) that status. */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  DEFAULT_ERROR_STATUS,
  ErrorPage,
  errorMessageFor,
} from '../../components/errors/error-page';

export function loader({ request }: LoaderFunctionArgs) {
  const requested = Number(new URL(request.url).searchParams.get('status'));
  const status =
    Number.isInteger(requested) && requested >= 400 && requested <= 599
      ? requested
      : DEFAULT_ERROR_STATUS;
  return data({ status }, { status });
}

export function Component() {
  const { status } = useLoaderData<typeof loader>();
  return <ErrorPage status={status} message={errorMessageFor(status)} />;
}
