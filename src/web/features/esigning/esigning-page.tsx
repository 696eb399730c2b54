import { PageHeader } from '#web/layout/page-header.tsx'

export function EsigningPage() {
  return <PageHeader title="E-Signing" />
}
