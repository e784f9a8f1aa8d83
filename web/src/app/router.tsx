import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/routes/HomePage';
import { Spinner } from '../ui';
import { RouteErrorPage } from './ErrorPage';
import { RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import { Layout } from './layout/Layout';
import { NotFound } from './NotFound';

// Every other page is its own chunk, so the home page does not carry the dashboard, the admin area
// or charts. The home page itself is in the first chunk: most visits start there, and its heading
// (the largest paint) then waits for no second request.
const publicRoutes: RouteObject[] = [
  {
    index: true,
    Component: HomePage,
  },
  {
    path: 'login',
    lazy: () => import('../features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'register',
    lazy: () => import('../features/auth/routes/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'register/:partner',
    lazy: () =>
      import('../features/auth/routes/PartnerRegisterPage').then((m) => ({
        Component: m.PartnerRegisterPage,
      })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('../features/auth/routes/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password/:token',
    lazy: () =>
      import('../features/auth/routes/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'why-us',
    lazy: () => import('../features/why-us/routes/WhyUsPage').then((m) => ({ Component: m.WhyUsPage })),
  },
  {
    path: 'setup-guide',
    lazy: () =>
      import('../features/setup-guide/routes/SetupGuidePage').then((m) => ({ Component: m.SetupGuidePage })),
  },
  {
    path: 'support',
    lazy: () => import('../features/support/routes/SupportPage').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: 'privacy-policy',
    lazy: () =>
      import('../features/legal/routes/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
  {
    path: 'terms-of-service',
    lazy: () =>
      import('../features/legal/routes/TermsOfServicePage').then((m) => ({
        Component: m.TermsOfServicePage,
      })),
  },
  {
    path: 'goodbye',
    lazy: () => import('../features/account/routes/GoodbyePage').then((m) => ({ Component: m.GoodbyePage })),
  },
  {
    path: 'unsubscribe/:token',
    lazy: () =>
      import('../features/unsubscribe/routes/UnsubscribePage').then((m) => ({
        Component: m.UnsubscribePage,
      })),
  },
  {
    path: 'unsubscribe-credits/:token',
    lazy: () =>
      import('../features/unsubscribe/routes/UnsubscribePage').then((m) => ({
        Component: m.UnsubscribePage,
      })),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () => import('./routes/DashboardRoute').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: 'manage-account',
    lazy: () =>
      import('../features/account/routes/ManageAccountPage').then((m) => ({
        Component: m.ManageAccountPage,
      })),
  },
  {
    path: 'credits',
    lazy: () => import('../features/credits/routes/CreditsPage').then((m) => ({ Component: m.CreditsPage })),
  },
  {
    path: 'configure-portal/:portalId',
    lazy: () =>
      import('../features/portal-config/routes/ConfigurePortalPage').then((m) => ({
        Component: m.ConfigurePortalPage,
      })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <Spinner fullPage />,
    children: [
      ...publicRoutes,
      {
        Component: RequireSignedOut,
        children: [
          {
            path: 'pricing',
            lazy: () =>
              import('../features/credits/routes/PricingPage').then((m) => ({ Component: m.PricingPage })),
          },
        ],
      },
      { Component: RequireSignedIn, children: signedInRoutes },
      {
        Component: RequireAdmin,
        children: [
          {
            path: 'admin',
            lazy: () =>
              import('../features/admin/routes/AdminPage').then((m) => ({ Component: m.AdminPage })),
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
