import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import type { UploadedDocument } from '#shared/contracts/documents.contract.ts'
import { DOCUMENT_TYPES, type DocumentType } from '#shared/domain/document-types.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { documentsQuery, type OnDocumentsChanged } from '#web/features/documents/documents.queries.ts'
import {
  appointmentsQuery,
  producerProfileQuery,
  useRefreshAfterDocumentChange,
} from './appointments.queries.ts'
import { DirectDepositCard } from './direct-deposit-card.tsx'

/** One document type's upload area (the documents feature's card, composed by the route). */
export type DocumentUploadCardSlot = ComponentType<{
  documentType: DocumentType
  uploaded: UploadedDocument | undefined
  onFile: ProducerProfile['documents'][number] | undefined
  applicationId: string | undefined
  onChanged: OnDocumentsChanged
}>

/** Spec §2 Required Docs: an upload area per document type, then direct deposit. */
export function RequiredDocsTab({ DocumentUploadCard }: { DocumentUploadCard: DocumentUploadCardSlot }) {
  const documents = useQuery(documentsQuery)
  const profile = useQuery(producerProfileQuery)
  // Uploads are tied to the newest application, as the carrier submission is (spec §4).
  const appointments = useQuery(appointmentsQuery())
  const applicationId = appointments.data?.[0]?.id
  const refreshProfile = useRefreshAfterDocumentChange()
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Required Documents</CardTitle>
          <CardDescription>
            Upload each document once; every carrier you submit to receives it with your application.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {documents.isPending ? (
            <Spinner label="Loading documents" />
          ) : documents.isError ? (
            <Alert tone="error">Your documents could not be loaded. Reload the page to try again.</Alert>
          ) : (
            <ul aria-label="Documents" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {DOCUMENT_TYPES.map((type) => (
                <DocumentUploadCard
                  key={type}
                  documentType={type}
                  uploaded={documents.data?.find((document) => document.documentType === type)}
                  onFile={profile.data?.documents.find((entry) => entry.documentType === type)}
                  applicationId={applicationId}
                  onChanged={refreshProfile}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <DirectDepositCard />
    </div>
  )
}
