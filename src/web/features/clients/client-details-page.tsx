import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Pencil } from 'lucide-react'
import { type ComponentType, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { Client } from '#shared/contracts/clients.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDate } from '#web/lib/format.ts'
import { ClientApplications } from './client-applications.tsx'
import { fullNameOf } from './client-display.ts'
import { ClientEditForm } from './client-edit-form.tsx'
import { ClientRecordView } from './client-record-view.tsx'
import { clientQuery } from './clients.queries.ts'

export const CLIENT_NOT_FOUND = 'This client does not exist or is no longer on file.'

interface ClientDetailsPageProps {
  /** The client's policies: the policies feature's section, composed in by the route. */
  Policies?: ComponentType<{ clientId: string }>
}

/** /clients/:id — the full record, its sensitive fields masked until revealed, and an edit mode. */
export function ClientDetailsPage({ Policies }: ClientDetailsPageProps) {
  const { id = '' } = useParams()
  const details = useQuery({ ...clientQuery(id), throwOnError: (error) => !isMissing(error) })
  return (
    <>
      <Link
        to="/clients"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Clients
      </Link>
      {details.data ? (
        <ClientDetails key={details.data.id} client={details.data} Policies={Policies} />
      ) : details.isError ? (
        <>
          <PageHeader title="Client not found" />
          <Alert tone="warning">{CLIENT_NOT_FOUND}</Alert>
        </>
      ) : (
        <PageSpinner />
      )}
    </>
  )
}

/** 404, or 400 for an address that is not a client id at all. */
function isMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400)
}

function ClientDetails({ client, Policies }: { client: Client } & ClientDetailsPageProps) {
  const [editing, setEditing] = useState(false)
  // The form is long: after saving (at its foot) the record is read again from its top.
  function switchMode(next: boolean) {
    setEditing(next)
    window.scrollTo({ top: 0 })
  }
  return (
    <>
      <PageHeader title={fullNameOf(client)} subtitle={`Client since ${formatDate(client.createdAt)}`} />
      {editing ? (
        <ClientEditForm client={client} onDone={() => switchMode(false)} />
      ) : (
        <>
          <div className="flex justify-end">
            <Button onClick={() => switchMode(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
          <ClientRecordView client={client} />
          <ClientApplications clientId={client.id} count={client.applicationCount} />
          {Policies && <Policies clientId={client.id} />}
        </>
      )}
    </>
  )
}
