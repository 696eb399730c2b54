import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'

/** One loader per page module: each page is its own chunk, fetched on first visit. */
const pages = {
  dashboard: () => import('./dashboard-route.tsx').then((m) => m.DashboardRoute),
  applications: () => import('./applications-route.tsx').then((m) => m.ApplicationsRoute),
  applicationDetails: () =>
    import('#web/features/applications/application-details-page.tsx').then((m) => m.ApplicationDetailsPage),
  appointments: () =>
    import('#web/features/appointments/appointments-page.tsx').then((m) => m.AppointmentsPage),
  clients: () => import('#web/features/clients/clients-page.tsx').then((m) => m.ClientsPage),
  clientDetails: () =>
    import('#web/features/clients/client-details-page.tsx').then((m) => m.ClientDetailsPage),
  clientImport: () =>
    import('#web/features/client-import/client-import-page.tsx').then((m) => m.ClientImportPage),
  carriers: () => import('#web/features/carriers/carriers-page.tsx').then((m) => m.CarriersPage),
  compliance: () => import('#web/features/compliance/compliance-page.tsx').then((m) => m.CompliancePage),
  subscription: () => import('#web/features/billing/subscription-page.tsx').then((m) => m.SubscriptionPage),
  privacy: () => import('#web/features/compliance/privacy-page.tsx').then((m) => m.PrivacyPage),
  settings: () => import('#web/features/settings/settings-page.tsx').then((m) => m.SettingsPage),
  database: () => import('#web/features/database-admin/database-page.tsx').then((m) => m.DatabasePage),
  onboarding: () =>
    import('#web/features/onboarding/agency-onboarding-page.tsx').then((m) => m.AgencyOnboardingPage),
  owner: () => import('#web/features/owner/owner-dashboard-page.tsx').then((m) => m.OwnerDashboardPage),
  marketplace: () =>
    import('#web/features/marketplace/agent-marketplace-page.tsx').then((m) => m.AgentMarketplacePage),
  esigning: () => import('#web/features/esigning/esigning-page.tsx').then((m) => m.EsigningPage),
  faq: () => import('#web/features/help/faq-page.tsx').then((m) => m.FaqPage),
  contact: () => import('#web/features/contact/contact-page.tsx').then((m) => m.ContactPage),
  outbox: () => import('#web/features/outbox/outbox-page.tsx').then((m) => m.OutboxPage),
  aiIntelligence: () =>
    import('#web/features/assistant/ai-intelligence-page.tsx').then((m) => m.AiIntelligencePage),
  setupPayment: () => import('#web/features/billing/setup-payment-page.tsx').then((m) => m.SetupPaymentPage),
  paymentSuccess: () =>
    import('#web/features/billing/payment-success-page.tsx').then((m) => m.PaymentSuccessPage),
  paymentCancelled: () =>
    import('#web/features/billing/payment-cancelled-page.tsx').then((m) => m.PaymentCancelledPage),
  testCheckout: () => import('#web/features/billing/test-checkout-page.tsx').then((m) => m.TestCheckoutPage),
  login: () => import('#web/features/auth/login-page.tsx').then((m) => m.LoginPage),
  signup: () => import('#web/features/auth/signup-page.tsx').then((m) => m.SignupPage),
} satisfies Record<string, () => Promise<ComponentType>>

function lazyPage(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() })
}

/** The screens inside the menu: spec part 1 §2's route table. */
export const SHELL_ROUTES: RouteObject[] = [
  { index: true, lazy: lazyPage(pages.dashboard) },
  { path: 'applications', lazy: lazyPage(pages.applications) },
  { path: 'applications/:id', lazy: lazyPage(pages.applicationDetails) },
  { path: 'appointments', lazy: lazyPage(pages.appointments) },
  { path: 'clients', lazy: lazyPage(pages.clients) },
  { path: 'clients/:id', lazy: lazyPage(pages.clientDetails) },
  { path: 'client-import', lazy: lazyPage(pages.clientImport) },
  { path: 'carriers', lazy: lazyPage(pages.carriers) },
  { path: 'compliance', lazy: lazyPage(pages.compliance) },
  { path: 'subscription', lazy: lazyPage(pages.subscription) },
  { path: 'privacy', lazy: lazyPage(pages.privacy) },
  { path: 'settings', lazy: lazyPage(pages.settings) },
  { path: 'database', lazy: lazyPage(pages.database) },
  { path: 'agency-onboarding', lazy: lazyPage(pages.onboarding) },
  { path: 'owner-dashboard', lazy: lazyPage(pages.owner) },
  { path: 'agent-marketplace', lazy: lazyPage(pages.marketplace) },
  { path: 'esigning-demo', lazy: lazyPage(pages.esigning) },
  { path: 'faq', lazy: lazyPage(pages.faq) },
  { path: 'contact', lazy: lazyPage(pages.contact) },
  { path: 'ai-intelligence', lazy: lazyPage(pages.aiIntelligence) },
  { path: 'outbox', lazy: lazyPage(pages.outbox) },
]

/** Signed-in pages without the menu: the payment steps a user passes through once. */
export const PAYMENT_ROUTES: RouteObject[] = [
  { path: 'setup-payment', lazy: lazyPage(pages.setupPayment) },
  { path: 'success', lazy: lazyPage(pages.paymentSuccess) },
  { path: 'cancel', lazy: lazyPage(pages.paymentCancelled) },
  { path: 'test-checkout/:id', lazy: lazyPage(pages.testCheckout) },
]

/** The only pages a signed-out visitor sees. */
export const PUBLIC_ROUTES: RouteObject[] = [
  { path: 'login', lazy: lazyPage(pages.login) },
  { path: 'signup', lazy: lazyPage(pages.signup) },
]
