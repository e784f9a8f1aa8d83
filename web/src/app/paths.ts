/** Every route of the app, in one place; links are built from here, never typed inline. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  partnerRegister: (partner: string) => `/register/${encodeURIComponent(partner)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  pricing: '/pricing',
  whyUs: '/why-us',
  dashboard: '/dashboard',
  manageAccount: '/manage-account',
  /** Where a deleted account's owner lands, signed out. */
  goodbye: '/goodbye',
  credits: '/credits',
  configurePortal: (portalId: string) => `/configure-portal/${encodeURIComponent(portalId)}`,
  admin: '/admin',
  support: '/support',
  setupGuide: '/setup-guide',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  unsubscribe: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
} as const;
