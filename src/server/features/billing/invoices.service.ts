import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { layoutTextPdf, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import { type Invoice, TEST_RECEIPT_PATH } from '#shared/contracts/billing-subscription.contract.ts'
import { type BillingPeriod, getPlan, type PlanCode } from '#shared/domain/plans.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as records from './billing-records.repository.ts'

/** '$1,234.50' for a receipt (the browser formats its own). */
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? '—'

export function describeCharge(
  planCode: PlanCode,
  period: BillingPeriod,
  kind: 'new' | 'renewal' | 'upgrade',
) {
  const plan = getPlan(planCode)!
  if (kind === 'upgrade') return `Upgrade to ${plan.name} (${period}), prorated`
  return `${plan.name} plan, ${period}${kind === 'renewal' ? ' renewal' : ''}`
}

/**
 * A receipt of a test-mode payment (the test checkout's Pay, or a test-mode renewal), numbered
 * in order within the agency. Call it in the transaction that holds the agency's lock.
 */
export async function recordTestReceipt(
  tx: Executor,
  input: {
    agencyId: string
    planCode: PlanCode
    billingPeriod: BillingPeriod
    amountCents: number
    kind: 'new' | 'renewal' | 'upgrade'
    periodStart: Date
    periodEnd: Date
    paidAt: Date
  },
): Promise<void> {
  const sequence = (await records.countInvoices(tx, input.agencyId)) + 1
  await records.insertInvoice(tx, {
    agencyId: input.agencyId,
    provider: 'test',
    number: `TEST-${String(sequence).padStart(4, '0')}`,
    description: describeCharge(input.planCode, input.billingPeriod, input.kind),
    planCode: input.planCode,
    billingPeriod: input.billingPeriod,
    amountCents: input.amountCents,
    status: 'paid',
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    createdAt: input.paidAt,
    paidAt: input.paidAt,
  })
}

function toInvoice(row: records.InvoiceRow): Invoice {
  const testMode = row.provider === 'test'
  const iso = (date: Date | null) => date?.toISOString() ?? null
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    planCode: (getPlan(row.planCode ?? '')?.code ?? null) as PlanCode | null,
    billingPeriod:
      row.billingPeriod === 'yearly' || row.billingPeriod === 'monthly' ? row.billingPeriod : null,
    amount: row.amountCents / 100,
    currency: row.currency,
    status: row.status as Invoice['status'],
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    createdAt: row.createdAt.toISOString(),
    pdfUrl: testMode ? TEST_RECEIPT_PATH.replace(':id', row.id) : row.pdfUrl,
    hostedUrl: row.hostedUrl,
    testMode,
  }
}

export async function listInvoices(executor: Executor, { actor }: Ctx): Promise<Invoice[]> {
  return (await records.listInvoices(executor, actor.agencyId)).map(toInvoice)
}

/** The PDF of a test receipt; a Stripe invoice's PDF is Stripe's own (its `pdfUrl`). */
export async function renderTestReceipt(
  executor: Executor,
  { actor }: Ctx,
  id: string,
  agencyName: () => Promise<string>,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const row = await records.findInvoice(executor, actor.agencyId, id)
  if (row?.provider !== 'test') throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  const lines: PdfLine[] = [
    { style: 'title', text: 'Receipt (test mode)' },
    {
      style: 'text',
      text: 'Test mode: no card was charged. This receipt records a payment in the built-in test checkout.',
    },
    { style: 'heading', text: await agencyName() },
    { style: 'item', text: `Receipt ${row.number}, paid ${day(row.paidAt ?? row.createdAt)}` },
    { style: 'item', text: row.description },
    { style: 'item', text: `Service period ${day(row.periodStart)} to ${day(row.periodEnd)}` },
    { style: 'heading', text: `Amount paid: ${dollars(row.amountCents)} ${row.currency.toUpperCase()}` },
  ]
  const doc = await layoutTextPdf({
    lines,
    title: `Receipt ${row.number}`,
    author: 'Agency back office',
    stamp: row.createdAt,
    footer: (page, count) => `Receipt ${row.number} (test mode) · page ${page} of ${count}`,
  })
  return { fileName: `receipt-${row.number}.pdf`, pdf: await doc.save() }
}
