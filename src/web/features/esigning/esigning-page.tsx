import { FileCheck2, FileSignature, FolderOpen, LayoutGrid, Send, Upload } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { ESIGNING_TEXTS as T } from '#shared/contracts/esigning-texts.ts'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { BasicUploadTab } from './basic-upload-tab.tsx'
import { DocumentsTab } from './documents-tab.tsx'
import { EnhancedTab } from './enhanced-tab.tsx'
import { OverviewTab } from './overview-tab.tsx'
import { ThirdPartyTab } from './third-party-tab.tsx'
import { VerificationTab } from './verification-tab.tsx'

export const ESIGNING_TABS = [
  { value: 'overview', label: T.tabOverview, Icon: LayoutGrid },
  { value: 'basic', label: T.tabBasic, Icon: Upload },
  { value: 'enhanced', label: T.tabEnhanced, Icon: FileSignature },
  { value: 'documents', label: T.tabDocuments, Icon: FolderOpen },
  { value: 'third-party', label: T.tabThirdParty, Icon: Send },
  { value: 'verification', label: T.tabVerification, Icon: FileCheck2 },
] as const
type EsigningTab = (typeof ESIGNING_TABS)[number]['value']

function tabOf(value: string | null): EsigningTab {
  return ESIGNING_TABS.find((tab) => tab.value === value)?.value ?? 'overview'
}

/** /esigning-demo: spec part 3 §2's six tabs; the open tab (and a signature to verify) is in the address. */
export function EsigningPage() {
  const [search, setSearch] = useSearchParams()
  const tab = tabOf(search.get('tab'))
  const open = (next: string, extra: Record<string, string> = {}) =>
    setSearch(new URLSearchParams({ tab: next, ...extra }), { replace: true })
  return (
    <>
      <PageHeader
        title={T.title}
        subtitle="Upload documents, sign them, send them for signature and verify signatures"
      />
      <Tabs defaultValue="overview" value={tab} onValueChange={(next) => open(next)}>
        <IconTabsList
          aria-label="E-Signing"
          className="grid w-full grid-cols-2 gap-1 lg:flex lg:w-auto"
          tabs={ESIGNING_TABS}
        />
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="basic">
          <BasicUploadTab />
        </TabsContent>
        <TabsContent value="enhanced">
          <EnhancedTab onVerify={(id) => open('verification', { id })} />
        </TabsContent>
        <TabsContent value="documents">
          <DocumentsTab onVerify={(id) => open('verification', { id })} />
        </TabsContent>
        <TabsContent value="third-party">
          <ThirdPartyTab onVerify={(id) => open('verification', { id })} />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationTab initialId={search.get('id') ?? ''} />
        </TabsContent>
      </Tabs>
    </>
  )
}
