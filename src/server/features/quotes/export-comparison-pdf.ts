import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { quoteComparisonFileName } from '#shared/contracts/quotes.contract.ts'
import { INSURANCE_TYPE_LABELS } from '#shared/domain/insurance-types.ts'
import { readComparison } from './compare-quotes.ts'
import { renderComparisonPdf } from './render-comparison-pdf.ts'

/** The name and colour a document the agency sends goes out under (settings' branding, passed in). */
export type ReadLetterhead = (db: Db, ctx: Ctx) => Promise<{ agencyName: string; brandColor: string }>

/**
 * The application's comparison, cheapest first, as a PDF for the agent to send the client: under
 * the agency's name, in its branding colour when its plan brands. It carries the client's name and
 * the carriers' prices, so saving it is audited as a download of client data; another agency's
 * application answers 404 and records nothing.
 */
export async function exportComparisonPdf(
  db: Db,
  ctx: Ctx,
  applicationId: string,
  readLetterhead: ReadLetterhead,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const { application, client, comparison } = await readComparison(db, ctx, applicationId, 'premium')
  const letterhead = await readLetterhead(db, ctx)
  const day = utcToday()
  const fileName = quoteComparisonFileName(client?.lastName ?? '', day)
  await recordAudit(db, ctx, {
    action: 'quote.comparison_downloaded',
    entity: { type: 'application', id: applicationId },
    details: { clientId: application.clientId, quotes: comparison.quotes.length, fileName },
  })
  const pdf = await renderComparisonPdf({
    ...letterhead,
    clientName: client ? `${client.firstName} ${client.lastName}` : 'Client',
    insuranceType: INSURANCE_TYPE_LABELS[application.insuranceType],
    day,
    comparison,
  })
  return { fileName, pdf }
}
