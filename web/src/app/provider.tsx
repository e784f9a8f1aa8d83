import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { usePublicConfigQuery } from '../lib/public-config';
import { SessionCheck } from '../lib/session';
import { loadTracking } from '../lib/tracking';
import { ErrorPage } from './ErrorPage';
import { makeRouter } from './router';
import { makeStore } from './store';

/** Catches what the router's own boundary cannot: a failure in the providers themselves. */
class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

function Tracking() {
  const { data } = usePublicConfigQuery();
  useEffect(() => {
    if (data) loadTracking(data);
  }, [data]);
  return null;
}

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(makeRouter);
  return (
    <AppErrorBoundary>
      <Provider store={store}>
        <SessionCheck />
        <Tracking />
        <RouterProvider router={router} />
      </Provider>
    </AppErrorBoundary>
  );
}
