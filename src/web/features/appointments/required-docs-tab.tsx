import { useQuery } from '@tanstack/react-query'
import { DOCUMENT_TYPES } from '#shared/domain/document-types.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { appointmentsQuery, documentsQuery, producerProfileQuery } from './appointments.queries.ts'
import { DirectDepositCard } from './direct-deposit-card.tsx'
import { DocumentUploadCard } from './document-upload-card.tsx'

/** Spec §2 Required Docs: an upload area per document type, then direct deposit. */
export function RequiredDocsTab() {
  const documents = useQuery(documentsQuery)
  const profile = useQuery(producerProfileQuery)
  // Uploads are tied to the newest application, as the carrier submission is (spec §4).
  const appointments = useQuery(appointmentsQuery())
  const applicationId = appointments.data?.[0]?.id
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
