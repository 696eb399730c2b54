import { PageHeader } from '#web/layout/page-header.tsx'

export function AiIntelligencePage() {
  return <PageHeader title="AI Intelligence" />
}
