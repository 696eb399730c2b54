import { PageHeader } from '#web/layout/page-header.tsx'

export function FaqPage() {
  return <PageHeader title="FAQ" />
}
