import { PageHeader } from '#web/layout/page-header.tsx'

export function DatabasePage() {
  return <PageHeader title="Database Management" />
}
