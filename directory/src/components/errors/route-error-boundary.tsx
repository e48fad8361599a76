/** Every page's error boundary: a 404 shows the not-found page, anything else the error page with its status. */
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { DEFAULT_ERROR_STATUS, ErrorPage, errorMessageFor } from './error-page';
import { NotFoundPage } from './not-found-page';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);

  useEffect(() => {
    // Crashes (not deliberate HTTP answers) are reported to the console; the server logs its own.
    if (!isResponse) console.error(error);
  }, [error, isResponse]);

  if (isResponse && error.status === 404) return <NotFoundPage />;
  const status = isResponse ? error.status : DEFAULT_ERROR_STATUS;
  return <ErrorPage status={status} message={errorMessageFor(status)} />;
}
