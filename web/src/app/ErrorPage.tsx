import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

export function ErrorPage() {
  return (
    <div className="error-page" role="alert">
      <h1>Something went wrong</h1>
      <p>An unexpected error stopped this page from showing. Refreshing usually helps.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

/** The router's error element: logs what broke, then shows the fallback page. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return <ErrorPage />;
}
