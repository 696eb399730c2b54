import { PageHeader } from '#web/layout/page-header.tsx'

export function SubscriptionPage() {
  return <PageHeader title="Subscription and Billing" />
}
