import type { Executor } from '#server/db/connect.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type ComparedQuote,
  coverageKey,
  type QuoteComparison,
  type QuoteSort,
} from '#shared/contracts/quotes.contract.ts'
import { toCents, toDollars } from '#shared/domain/policy-ledger.ts'
import { findQuotedApplication, findSentCarrierIds } from '../applications/applications.service.ts'
import { listSubmissionsOfRecords } from '../carrier-delivery/carrier-delivery.service.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { findClientRecord } from '../clients/clients.service.ts'
import { findCarrierTurnaround } from '../marketplace/find-carrier-turnaround.ts'
import { estimateBasisOf, estimateYearlyPremium, recommendable } from './quote-estimate.service.ts'
import * as repository from './quotes.repository.ts'
import { notFound, toQuote } from './quotes.service.ts'

/** Ascending, with what has no value (a decline's premium, a quote without expiry) last. */
function byValue<T extends string | number>(value: (quote: ComparedQuote) => T | null) {
  return (a: ComparedQuote, b: ComparedQuote) => {
    const left = value(a)
    const right = value(b)
    if (left === right) return 0
    if (left === null) return 1
    if (right === null) return -1
    return left < right ? -1 : 1
  }
}

const ORDERS: Record<QuoteSort, (a: ComparedQuote, b: ComparedQuote) => number> = {
  premium: byValue((quote) => quote.annualPremium),
  expiry: byValue((quote) => quote.expiresAt),
  carrier: byValue((quote) => quote.carrierName.toLowerCase()),
}

/** Every coverage label across the quotes, once each whatever its case or spacing, in first-seen order. */
function coverageLabelsOf(quotes: readonly { coverages: readonly { label: string }[] }[]): string[] {
  const labels = new Map<string, string>()
  for (const quote of quotes)
    for (const { label } of quote.coverages)
      if (!labels.has(coverageKey(label))) labels.set(coverageKey(label), label)
  return [...labels.values()]
}

/**
 * The application's quotes side by side: each with its yearly premium, the carrier's measured
 * turnaround, the recommendation's estimate for that carrier and the difference, and a bound
 * API quote's bind request; the coverage labels that align them; the carriers it went to, by
 * name. One read per owning feature, whatever the number of quotes.
 */
export async function compareQuotes(
  db: Executor,
  ctx: Ctx,
  applicationId: string,
  sort: QuoteSort,
): Promise<QuoteComparison> {
  return (await readComparison(db, ctx, applicationId, sort)).comparison
}

/** The comparison with the application and the client it is for (what a PDF of it names). */
export async function readComparison(db: Executor, { actor }: Ctx, applicationId: string, sort: QuoteSort) {
  const { agencyId } = actor
  // Two rounds of reads, each by the agency: another agency's id finds no application (404) and,
  // read beside it, no quotes and no carriers either.
  const [application, rows, sentIds] = await Promise.all([
    findQuotedApplication(db, agencyId, applicationId),
    repository.findQuotesOfApplication(db, agencyId, applicationId),
    findSentCarrierIds(db, agencyId, applicationId),
  ])
  if (!application) throw notFound()
  const carrierIds = [...new Set([...sentIds, ...rows.map((row) => row.carrierId)])]
  const boundIds = rows.filter((row) => row.status === 'bound').map((row) => row.id)
  const [client, carrierRows, turnaround, bindRequests] = await Promise.all([
    findClientRecord(db, agencyId, application.clientId),
    findAgencyCarriers(db, agencyId, carrierIds),
    findCarrierTurnaround(db, carrierIds),
    listSubmissionsOfRecords(db, agencyId, 'quote', boundIds),
  ])
  const carriers = new Map(carrierRows.map((carrier) => [carrier.id, carrier]))
  const requests = new Map(bindRequests.map((request) => [request.recordId, request]))
  const today = utcToday()
  const basis = client
    ? estimateBasisOf(application.insuranceType, application.applicationData, client, today)
    : null
  const quotes = rows.map((row): ComparedQuote => {
    const carrier = carriers.get(row.carrierId)
    const quote = toQuote(row, carrier?.name ?? 'Unknown carrier', today)
    // The estimate kept when the quote came in, else (a quote older than that) today's.
    const estimate =
      row.estimatedPremiumCents !== null
        ? toDollars(row.estimatedPremiumCents)
        : carrier && basis
          ? estimateYearlyPremium(recommendable(carrier), basis)
          : null
    const request = requests.get(row.id)
    return {
      ...quote,
      submissionMethod: carrier?.submissionMethod ?? 'manual',
      turnaroundDays: turnaround.get(row.carrierId) ?? null,
      estimatedPremium: estimate,
      differenceFromEstimate:
        estimate === null || quote.annualPremium === null
          ? null
          : toDollars(toCents(quote.annualPremium) - toCents(estimate)),
      bindRequest: request
        ? { submissionId: request.id, status: request.status, message: request.message }
        : null,
    }
  })
  const comparison: QuoteComparison = {
    quotes: [...quotes].sort((a, b) => ORDERS[sort](a, b) || a.createdAt.localeCompare(b.createdAt)),
    coverageLabels: coverageLabelsOf(rows),
    carriers: sentIds
      .flatMap((id) => {
        const carrier = carriers.get(id)
        return carrier ? [{ id, name: carrier.name, submissionMethod: carrier.submissionMethod }] : []
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
  return { application, client, comparison }
}
