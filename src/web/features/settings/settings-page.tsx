import { PageHeader } from '#web/layout/page-header.tsx'

export function SettingsPage() {
  return <PageHeader title="Settings" />
}
