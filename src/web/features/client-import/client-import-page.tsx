import { Download, Upload } from 'lucide-react'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/tabs.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { ImportIntro } from './import-intro.tsx'
import { RecentImports } from './recent-imports.tsx'
import { TemplateTab } from './template-tab.tsx'
import { UploadTab } from './upload-tab.tsx'

export function ClientImportPage() {
  return (
    <>
      <PageHeader title={IMPORT_TEXTS.heading} subtitle="Bring your client list in from a spreadsheet" />
      <ImportIntro />
      <Card>
        <CardHeader>
          <CardTitle>Import Clients</CardTitle>
          <CardDescription>Upload a filled-in template, or download a blank one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="upload">
            <TabsList aria-label="Import">
              <TabsTrigger value="upload">
                <Upload aria-hidden="true" />
                {IMPORT_TEXTS.uploadTab}
              </TabsTrigger>
              <TabsTrigger value="template">
                <Download aria-hidden="true" />
                {IMPORT_TEXTS.templateTab}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="upload">
              <UploadTab />
            </TabsContent>
            <TabsContent value="template">
              <TemplateTab />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <RecentImports />
    </>
  )
}
