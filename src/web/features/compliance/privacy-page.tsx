import { PageHeader } from '#web/layout/page-header.tsx'

export function PrivacyPage() {
  return <PageHeader title="Privacy Policy" />
}
