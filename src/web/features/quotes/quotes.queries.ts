import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type CallBody, routeOf } from '#shared/contracts/call.ts'
import type {
  bindQuoteCall,
  compareQuotesCall,
  enterQuoteCall,
  QuoteSort,
  recordDeclineCall,
} from '#shared/contracts/quotes.contract.ts'
import type { quoteVarianceCall } from '#shared/contracts/quotes-variance.contract.ts'
import { applicationKeys } from '#web/features/applications/applications.queries.ts'
import { uploadDocument } from '#web/features/documents/documents.queries.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

const compareQuotesRoute = routeOf<typeof compareQuotesCall>('GET', '/api/applications/:id/quotes')
const enterQuoteRoute = routeOf<typeof enterQuoteCall>('POST', '/api/applications/:id/quotes')
const recordDeclineRoute = routeOf<typeof recordDeclineCall>('POST', '/api/applications/:id/declines')
const bindQuoteRoute = routeOf<typeof bindQuoteCall>('POST', '/api/quotes/:id/bind')
const quoteVarianceRoute = routeOf<typeof quoteVarianceCall>('GET', '/api/quotes/variance')

export const quoteKeys = {
  all: ['quotes'] as const,
  ofApplication: (applicationId: string) => ['quotes', applicationId] as const,
  comparison: (applicationId: string, sort: QuoteSort) => ['quotes', applicationId, sort] as const,
  variance: ['quotes', 'variance'] as const,
}

/**
 * Every carrier's indication-to-bound figures for the agency, one call for a whole page of
 * carriers: the figures move with quotes and binds, not by the minute.
 */
export const quoteVarianceQuery = queryOptions({
  queryKey: quoteKeys.variance,
  queryFn: ({ signal }) => callApi(quoteVarianceRoute, { signal }),
  staleTime: 5 * 60_000,
})

/** The application's quotes side by side, in the order the server sorts them. */
export function quoteComparisonQuery(applicationId: string, sort: QuoteSort) {
  return queryOptions({
    queryKey: quoteKeys.comparison(applicationId, sort),
    queryFn: ({ signal }) =>
      callApi(compareQuotesRoute, { params: { id: applicationId }, query: { sort }, signal }),
    // Another order keeps the table on screen while it loads.
    placeholderData: keepPreviousData,
  })
}

export type QuoteEntry = CallBody<typeof enterQuoteCall>

/** Enters a quote; its letter from the carrier, when given, is uploaded first and kept with it. */
export function useEnterQuote(applicationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ quote, document }: { quote: QuoteEntry; document?: File }) => {
      const documentId = document
        ? (await uploadDocument({ documentType: 'additional_docs', file: document, onProgress: () => {} })).id
        : undefined
      return callApi(enterQuoteRoute, {
        params: { id: applicationId },
        body: documentId ? { ...quote, documentId } : quote,
      })
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.variance }),
      ]),
  })
}

export type DeclineEntry = CallBody<typeof recordDeclineCall>

export function useRecordDecline(applicationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decline: DeclineEntry) =>
      callApi(recordDeclineRoute, { params: { id: applicationId }, body: decline }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.variance }),
      ]),
  })
}

export type BindEntry = CallBody<typeof bindQuoteCall>

/** Binds a quote: the policy is made, the application is bound, and the dashboard's figures move. */
export function useBindQuote(applicationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ quoteId, bind }: { quoteId: string; bind: BindEntry }) =>
      callApi(bindQuoteRoute, { params: { id: quoteId }, body: bind }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.ofApplication(applicationId) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.variance }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  })
}

/** Where a bound quote's policy lives (the policies feature's page). */
export function policyPath(policyId: string): string {
  return `/policies/${policyId}`
}
