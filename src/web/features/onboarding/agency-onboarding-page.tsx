import { PageHeader } from '#web/layout/page-header.tsx'

export function AgencyOnboardingPage() {
  return <PageHeader title="Agency Onboarding" />
}
