import { PageHeader } from '#web/layout/page-header.tsx'

export function ContactPage() {
  return <PageHeader title="Contact" />
}
