import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type CallResponse, routeOf } from '#shared/contracts/call.ts'
import type {
  getStatementCall,
  importStatementCall,
  listStatementsCall,
  previewStatementCall,
  StatementMapping,
} from '#shared/contracts/commissions-statements.contract.ts'
import { ApiResponseShapeError, apiErrorOf, callApi } from '#web/lib/api.ts'
import { commissionKeys } from './commissions.queries.ts'

const listRoute = routeOf<typeof listStatementsCall>('GET', '/api/commissions/statements')
const getRoute = routeOf<typeof getStatementCall>('GET', '/api/commissions/statements/:id')
const previewRoute = routeOf<typeof previewStatementCall>('POST', '/api/commissions/statements/preview')
const importRoute = routeOf<typeof importStatementCall>('POST', '/api/commissions/statements')

export type StatementPreview = CallResponse<typeof previewStatementCall>
export type ImportedStatement = CallResponse<typeof importStatementCall>

export const statementKeys = {
  all: [...commissionKeys.all, 'statements'] as const,
  list: (carrierId: string | undefined) => [...commissionKeys.all, 'statements', 'list', carrierId] as const,
  one: (id: string) => [...commissionKeys.all, 'statements', 'one', id] as const,
}

/** The agency's statements, newest first, of one carrier or all. */
export function statementsQuery(carrierId: string | undefined) {
  return queryOptions({
    queryKey: statementKeys.list(carrierId),
    queryFn: ({ signal }) => callApi(listRoute, { query: { carrierId }, signal }),
  })
}

/** One statement with every line (up to the 50,000 a file may hold): the page shows them a page at a time. */
export function statementQuery(id: string) {
  return queryOptions({
    queryKey: statementKeys.one(id),
    queryFn: ({ signal }) => callApi(getRoute, { params: { id }, signal }),
  })
}

/**
 * Sends a multipart form: the carrier first, so the server knows it before the bytes. The answer
 * is not parsed again: the server checks it against the contract before sending it (decision 009).
 */
async function postForm<Answer>(path: string, fields: Record<string, string | File>): Promise<Answer> {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  try {
    return (await response.json()) as Answer
  } catch (error) {
    throw new ApiResponseShapeError(path, error)
  }
}

export interface StatementUpload {
  carrierId: string
  file: File
}

export type PreviewMutation = ReturnType<typeof usePreviewStatement>
export type ImportMutation = ReturnType<typeof useImportStatement>

export function usePreviewStatement() {
  return useMutation({
    mutationFn: ({ carrierId, file }: StatementUpload) =>
      postForm<StatementPreview>(previewRoute.path, { carrierId, file }),
  })
}

export interface StatementImport extends StatementUpload {
  mapping: StatementMapping
  /** Dollars as typed (checked by the form); omitted when the statement states none. */
  statedTotal?: string
}

/** An import adds a statement and may open exceptions: every commissions query asks again. */
export function useImportStatement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ carrierId, file, mapping, statedTotal }: StatementImport) =>
      postForm<ImportedStatement>(importRoute.path, {
        carrierId,
        mapping: JSON.stringify(mapping),
        ...(statedTotal !== undefined && { statedTotal }),
        file,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  })
}
