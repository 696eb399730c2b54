import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageSpinner } from '#web/components/spinner.tsx'
import { Shell } from '#web/layout/shell.tsx'
import { NotFoundPage } from './not-found-page.tsx'
import { RequireUser } from './require-user.tsx'
import { RootErrorBoundary, RouteErrorBoundary } from './root-error-boundary.tsx'
import { RootLayout } from './root-layout.tsx'

/** The screens inside the menu: spec part 1 §2's route table. Each page loads on first visit. */
const SHELL_ROUTES: RouteObject[] = [
  { index: true, lazy: () => import('#web/features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })) },
  { path: 'applications', lazy: () => import('#web/features/applications/applications-page.tsx').then((m) => ({ Component: m.ApplicationsPage })) },
  { path: 'appointments', lazy: () => import('#web/features/appointments/appointments-page.tsx').then((m) => ({ Component: m.AppointmentsPage })) },
  { path: 'clients', lazy: () => import('#web/features/clients/clients-page.tsx').then((m) => ({ Component: m.ClientsPage })) },
  { path: 'client-import', lazy: () => import('#web/features/client-import/client-import-page.tsx').then((m) => ({ Component: m.ClientImportPage })) },
  { path: 'carriers', lazy: () => import('#web/features/carriers/carriers-page.tsx').then((m) => ({ Component: m.CarriersPage })) },
  { path: 'compliance', lazy: () => import('#web/features/compliance/compliance-page.tsx').then((m) => ({ Component: m.CompliancePage })) },
  { path: 'subscription', lazy: () => import('#web/features/billing/subscription-page.tsx').then((m) => ({ Component: m.SubscriptionPage })) },
  { path: 'privacy', lazy: () => import('#web/features/compliance/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })) },
  { path: 'settings', lazy: () => import('#web/features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })) },
  { path: 'database', lazy: () => import('#web/features/database-admin/database-page.tsx').then((m) => ({ Component: m.DatabasePage })) },
  { path: 'agency-onboarding', lazy: () => import('#web/features/onboarding/agency-onboarding-page.tsx').then((m) => ({ Component: m.AgencyOnboardingPage })) },
  { path: 'owner-dashboard', lazy: () => import('#web/features/owner/owner-dashboard-page.tsx').then((m) => ({ Component: m.OwnerDashboardPage })) },
  { path: 'agent-marketplace', lazy: () => import('#web/features/marketplace/agent-marketplace-page.tsx').then((m) => ({ Component: m.AgentMarketplacePage })) },
  { path: 'esigning-demo', lazy: () => import('#web/features/esigning/esigning-page.tsx').then((m) => ({ Component: m.EsigningPage })) },
  { path: 'faq', lazy: () => import('#web/features/help/faq-page.tsx').then((m) => ({ Component: m.FaqPage })) },
  { path: 'contact', lazy: () => import('#web/features/contact/contact-page.tsx').then((m) => ({ Component: m.ContactPage })) },
  { path: 'ai-intelligence', lazy: () => import('#web/features/assistant/ai-intelligence-page.tsx').then((m) => ({ Component: m.AiIntelligencePage })) },
]

/** Signed-in pages without the menu: the payment steps a user passes through once. */
const PAYMENT_ROUTES: RouteObject[] = [
  { path: 'setup-payment', lazy: () => import('#web/features/billing/setup-payment-page.tsx').then((m) => ({ Component: m.SetupPaymentPage })) },
  { path: 'success', lazy: () => import('#web/features/billing/payment-success-page.tsx').then((m) => ({ Component: m.PaymentSuccessPage })) },
  { path: 'cancel', lazy: () => import('#web/features/billing/payment-cancelled-page.tsx').then((m) => ({ Component: m.PaymentCancelledPage })) },
  { path: 'test-checkout/:id', lazy: () => import('#web/features/billing/test-checkout-page.tsx').then((m) => ({ Component: m.TestCheckoutPage })) },
]

export const APP_ROUTES: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      { path: 'login', lazy: () => import('#web/features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
      { path: 'signup', lazy: () => import('#web/features/auth/signup-page.tsx').then((m) => ({ Component: m.SignupPage })) },
      {
        Component: RequireUser,
        children: [
          ...PAYMENT_ROUTES,
          { Component: Shell, children: [{ ErrorBoundary: RouteErrorBoundary, children: SHELL_ROUTES }] },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES)
}
