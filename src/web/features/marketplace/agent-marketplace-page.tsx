import { PageHeader } from '#web/layout/page-header.tsx'

export function AgentMarketplacePage() {
  return <PageHeader title="Agent Marketplace" />
}
