import { type ComponentType, lazy } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'

/** One loader per page module: each page is its own chunk, fetched on first visit. */
const pages = {
  dashboard: () => import('./dashboard-route.tsx').then((m) => m.DashboardRoute),
  applications: () => import('./applications-route.tsx').then((m) => m.ApplicationsRoute),
  applicationDetails: () => import('./application-details-route.tsx').then((m) => m.ApplicationDetailsRoute),
  policies: () => import('#web/features/policies/policies-page.tsx').then((m) => m.PoliciesPage),
  policyDetails: () => import('./policy-details-route.tsx').then((m) => m.PolicyDetailsRoute),
  renewalRetention: () => import('#web/features/renewals/retention-page.tsx').then((m) => m.RetentionPage),
  renewals: () => import('#web/features/renewals/renewals-page.tsx').then((m) => m.RenewalsPage),
  commissions: () => import('#web/features/commissions/commissions-page.tsx').then((m) => m.CommissionsPage),
  // The statement page comes in the commissions page's chunk: as a chunk of its own it reshuffled
  // the small shared chunks Rollup merges (experimentalMinChunkSize) into those sign-in loads,
  // past its 150 KB budget (first-load-budget.test.ts).
  statement: () => import('#web/features/commissions/commissions-page.tsx').then((m) => m.StatementPage),
  renewalDetails: () => import('#web/features/renewals/renewal-page.tsx').then((m) => m.RenewalPage),
  appointments: () => import('./appointments-route.tsx').then((m) => m.AppointmentsRoute),
  clients: () => import('#web/features/clients/clients-page.tsx').then((m) => m.ClientsPage),
  clientDetails: () => import('./client-details-route.tsx').then((m) => m.ClientDetailsRoute),
  clientImport: () =>
    import('#web/features/client-import/client-import-page.tsx').then((m) => m.ClientImportPage),
  carriers: () => import('./carriers-route.tsx').then((m) => m.CarriersRoute),
  compliance: () => import('#web/features/compliance/compliance-page.tsx').then((m) => m.CompliancePage),
  subscription: () => import('#web/features/billing/subscription-page.tsx').then((m) => m.SubscriptionPage),
  privacy: () => import('#web/features/compliance/privacy-page.tsx').then((m) => m.PrivacyPage),
  settings: () => import('./settings-route.tsx').then((m) => m.SettingsRoute),
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
  supportInbox: () => import('#web/features/contact/support-inbox-page.tsx').then((m) => m.SupportInboxPage),
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
  signingLink: () => import('#web/features/esigning/signing-link-page.tsx').then((m) => m.SigningLinkPage),
  publicVerify: () => import('#web/features/esigning/public-verify-page.tsx').then((m) => m.PublicVerifyPage),
  joinAgency: () => import('#web/features/onboarding/join-agency-page.tsx').then((m) => m.JoinAgencyPage),
} satisfies Record<string, () => Promise<ComponentType>>

/** Each page element's loader, for preloadPage. */
const loaders = new WeakMap<object, () => Promise<ComponentType>>()

/**
 * The page as an element whose code loads on first render (the layouts' Suspense shows a spinner),
 * or earlier through preloadPage; one load either way.
 */
function lazyPage(load: () => Promise<ComponentType>): RouteObject['element'] {
  let loading: Promise<ComponentType> | undefined
  const start = () => {
    loading ??= load()
    return loading
  }
  const Page = lazy(() => start().then((component) => ({ default: component })))
  const element = <Page />
  loaders.set(element, start)
  return element
}

/**
 * Starts loading the code of the page at `pathname` at once. Called at start-up: a signed-in page
 * is otherwise only asked for once the user has arrived and the shell has rendered, though its
 * chunks were preloaded beside the entry; this way they are evaluated while the user is on its way.
 */
export function preloadPage(routes: RouteObject[], pathname: string): void {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element
  if (element && typeof element === 'object')
    void loaders
      .get(element)?.()
      .catch(() => undefined)
}

/** The screens inside the menu: spec part 1 §2's route table. */
export const SHELL_ROUTES: RouteObject[] = [
  { index: true, element: lazyPage(pages.dashboard) },
  { path: 'applications', element: lazyPage(pages.applications) },
  { path: 'applications/:id', element: lazyPage(pages.applicationDetails) },
  { path: 'policies', element: lazyPage(pages.policies) },
  { path: 'policies/:id', element: lazyPage(pages.policyDetails) },
  { path: 'renewals/retention', element: lazyPage(pages.renewalRetention) },
  { path: 'renewals', element: lazyPage(pages.renewals) },
  { path: 'renewals/:id', element: lazyPage(pages.renewalDetails) },
  { path: 'commissions', element: lazyPage(pages.commissions) },
  { path: 'commissions/statements/:id', element: lazyPage(pages.statement) },
  { path: 'appointments', element: lazyPage(pages.appointments) },
  { path: 'clients', element: lazyPage(pages.clients) },
  { path: 'clients/:id', element: lazyPage(pages.clientDetails) },
  { path: 'client-import', element: lazyPage(pages.clientImport) },
  { path: 'carriers', element: lazyPage(pages.carriers) },
  { path: 'compliance', element: lazyPage(pages.compliance) },
  { path: 'subscription', element: lazyPage(pages.subscription) },
  { path: 'privacy', element: lazyPage(pages.privacy) },
  { path: 'settings', element: lazyPage(pages.settings) },
  { path: 'database', element: lazyPage(pages.database) },
  { path: 'agency-onboarding', element: lazyPage(pages.onboarding) },
  { path: 'owner-dashboard', element: lazyPage(pages.owner) },
  { path: 'agent-marketplace', element: lazyPage(pages.marketplace) },
  { path: 'esigning-demo', element: lazyPage(pages.esigning) },
  { path: 'ai-intelligence', element: lazyPage(pages.aiIntelligence) },
  { path: 'outbox', element: lazyPage(pages.outbox) },
  { path: 'support-inbox', element: lazyPage(pages.supportInbox) },
]

/** Help for everyone: in the menu when signed in, and open to visitors who cannot sign in. */
export const HELP_ROUTES: RouteObject[] = [
  { path: 'faq', element: lazyPage(pages.faq) },
  { path: 'contact', element: lazyPage(pages.contact) },
]

/** The paths a visitor without a session may open. */
export const VISITOR_PATHS: ReadonlySet<string> = new Set(HELP_ROUTES.map((route) => `/${route.path}`))

/** Signed-in pages without the menu: the payment steps a user passes through once. */
export const PAYMENT_ROUTES: RouteObject[] = [
  { path: 'setup-payment', element: lazyPage(pages.setupPayment) },
  { path: 'success', element: lazyPage(pages.paymentSuccess) },
  { path: 'cancel', element: lazyPage(pages.paymentCancelled) },
  { path: 'test-checkout/:id', element: lazyPage(pages.testCheckout) },
]

/** The only pages a signed-out visitor sees: sign-in, and e-signing's signing link and verify page. */
export const PUBLIC_ROUTES: RouteObject[] = [
  { path: 'login', element: lazyPage(pages.login) },
  { path: 'signup', element: lazyPage(pages.signup) },
  { path: 'sign', element: lazyPage(pages.signingLink) },
  { path: 'verify-signature', element: lazyPage(pages.publicVerify) },
  // An onboarding invitation's link: set a password and join the agency as an agent.
  { path: 'join-agency', element: lazyPage(pages.joinAgency) },
]
