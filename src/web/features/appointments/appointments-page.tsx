import { PageHeader } from '#web/layout/page-header.tsx'

export function AppointmentsPage() {
  return <PageHeader title="Insurance Carrier Appointments" />
}
