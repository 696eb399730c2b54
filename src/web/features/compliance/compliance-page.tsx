import { PageHeader } from '#web/layout/page-header.tsx'

export function CompliancePage() {
  return <PageHeader title="Compliance & Audit" />
}
