import { PageHeader } from '#web/layout/page-header.tsx'

export function ApplicationsPage() {
  return <PageHeader title="Applications" />
}
