import type { Executor } from '#server/db/connect.ts'
import { layoutTextPdf, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import { INSURANCE_TYPE_LABELS } from '#shared/domain/insurance-types.ts'
import { addMonths, toDollars } from '#shared/domain/policy-ledger.ts'
import { findAgencyName } from '../agencies/agencies.service.ts'
import { findQuotedApplication } from '../applications/applications.service.ts'
import type { PacketCarrier, PacketSource, RecordPacket } from '../carrier-delivery/carrier-packet.service.ts'
import { findClientCards } from '../clients/clients.service.ts'
import * as repository from './quotes.repository.ts'

/** What a carrier's API receives to bind one of its quotes. */
export interface BindRequestBody {
  type: 'bind_request'
  /** Answer `bound` on this submission's webhook, with the policy number. */
  submissionId: string
  quoteId: string
  quoteNumber: string | null
  applicationId: string
  /** Our policy, made at once with a provisional number the carrier's answer replaces. */
  policyId: string
  carrier: { id: string; code: string; name: string }
  agency: { id: string; name: string }
  insured: { firstName: string; lastName: string }
  lineOfBusiness: string
  effectiveDate: string
  expirationDate: string
  termMonths: number
  /** Dollars for the term, as quoted. */
  premium: number
  coverages: { label: string; value: string }[]
  requestedAt: string
}

function requestLines(body: BindRequestBody): PdfLine[] {
  const line = (label: string, value: string | number | null): PdfLine[] =>
    value === null ? [] : [{ style: 'text', text: `${label}: ${value}` }]
  return [
    { style: 'title', text: 'Bind request' },
    ...line('Agency', body.agency.name),
    ...line('Insured', `${body.insured.firstName} ${body.insured.lastName}`.trim()),
    ...line('Line of business', body.lineOfBusiness),
    ...line('Quote number', body.quoteNumber),
    ...line('Effective date', body.effectiveDate),
    ...line('Expiration date', body.expirationDate),
    ...line('Premium', `$${body.premium.toFixed(2)} for ${body.termMonths} months`),
    { style: 'heading', text: 'Coverages' },
    ...body.coverages.map(
      (coverage): PdfLine => ({ style: 'item', text: `${coverage.label}: ${coverage.value}` }),
    ),
  ]
}

/**
 * The bind request of a bound quote, for carrier delivery: the JSON an API carrier receives (and,
 * should the carrier no longer take the API when it is retried, a one-page PDF). Built from the
 * quote as bound: its effective date is the bind's, its policy the one binding made. Null when the
 * quote is not the agency's or not bound.
 */
export async function buildBindRequest(
  executor: Executor,
  agencyId: string,
  quoteId: string,
): Promise<RecordPacket | null> {
  const quote = await repository.findQuote(executor, agencyId, quoteId)
  if (quote?.status !== 'bound' || !quote.policyId || !quote.effectiveDate || !quote.termMonths) return null
  const application = await findQuotedApplication(executor, agencyId, quote.applicationId)
  if (!application) return null
  // One after the other: the executor is the bind's transaction, one connection, and node-postgres
  // refuses a second query on a client still running one (deprecated now, an error in pg 9).
  const clients = await findClientCards(executor, agencyId, [application.clientId])
  const agencyName = await findAgencyName(executor, agencyId)
  const client = clients.get(application.clientId)
  if (!client || agencyName === undefined) return null
  const { effectiveDate, termMonths, policyId } = quote
  const line = INSURANCE_TYPE_LABELS[application.insuranceType]
  const insured = `${client.firstName} ${client.lastName}`.trim()
  const requestedAt = new Date().toISOString()
  const bodyFor = (submissionId: string, carrier: PacketCarrier): BindRequestBody => ({
    type: 'bind_request',
    submissionId,
    quoteId: quote.id,
    quoteNumber: quote.quoteNumber,
    applicationId: application.id,
    policyId,
    carrier: { id: carrier.id, code: carrier.code, name: carrier.name },
    agency: { id: agencyId, name: agencyName },
    insured: { firstName: client.firstName, lastName: client.lastName },
    lineOfBusiness: application.insuranceType,
    effectiveDate,
    expirationDate: addMonths(effectiveDate, termMonths),
    termMonths,
    premium: toDollars(quote.premiumCents ?? 0),
    coverages: quote.coverages,
    requestedAt,
  })
  return {
    record: { type: 'quote', id: quote.id },
    subject: `Bind request: ${line} insurance for ${insured} (${agencyName})`,
    summary: `a request to bind the ${line.toLowerCase()} insurance quote${quote.quoteNumber ? ` ${quote.quoteNumber}` : ''} for ${insured}, from ${agencyName}`,
    documentKind: 'carrier_packet',
    contentFor(submissionId, carrier) {
      const body = bodyFor(submissionId, carrier)
      return {
        body: body as unknown as Record<string, unknown>,
        renderPdf: async () => {
          const doc = await layoutTextPdf({
            lines: requestLines(body),
            title: `Bind request — ${insured}`,
            author: agencyName,
            stamp: new Date(requestedAt),
            footer: (page, pages) => `Bind request ${submissionId} · page ${page} of ${pages}`,
          })
          return { content: await doc.save(), filename: `bind-request-${quote.id.slice(0, 8)}.pdf` }
        },
      }
    },
  }
}

/** How carrier delivery rebuilds a bind request for a retry (features/index.ts registers it). */
export const bindRequestSource: PacketSource = (executor, agencyId, quoteId) =>
  buildBindRequest(executor, agencyId, quoteId)
