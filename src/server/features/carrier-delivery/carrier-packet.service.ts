import type { Executor } from '#server/db/connect.ts'
import type { DocumentKind } from '../documents/documents.service.ts'
import type { SubmissionRecord } from './carrier-delivery.table.ts'

export type { SubmissionRecord }

/** A carrier as a packet names it. */
export interface PacketCarrier {
  id: string
  name: string
  code: string
}

/** One carrier's copy of the packet. */
export interface PacketContent {
  /** The JSON an API carrier receives. */
  body: Record<string, unknown>
  /** The PDF for carriers that take one (email, pdf, manual); made only for those. */
  renderPdf: () => Promise<{ content: Uint8Array; filename: string }>
}

/**
 * What a feature hands carrier delivery to send one of its records: a subject, a phrase for the
 * covering email, and per carrier a JSON body and a PDF. Built when the submission is queued, so
 * the carrier gets the record as it was sent, whenever the worker delivers it.
 */
export interface RecordPacket {
  record: SubmissionRecord
  /** "Auto insurance application: Jane Doe": the email's subject and the agent's notifications. */
  subject: string
  /** "an auto insurance application for Jane Doe, submitted by …": the covering email's phrase. */
  summary: string
  documentKind: DocumentKind
  /**
   * The agent whose own documents the packet carries (an appointment's W-9 and voided check):
   * its stored PDF opens only for them and agency admins. Absent: the agency's staff may open it.
   */
  ownerUserId?: string
  /** The packet for one submission (its id goes into the body and onto the PDF's pages). */
  contentFor(submissionId: string, carrier: PacketCarrier): PacketContent
}

/**
 * Builds a record's packet again, for a retry: each feature whose records go to carriers gives one
 * (features/index.ts), so carrier delivery can resend without knowing what the record is. Null
 * when the record is gone.
 */
export type PacketSource = (
  executor: Executor,
  agencyId: string,
  recordId: string,
  /** Whose name goes on the packet; null for a submission queued before senders were recorded. */
  requestedByUserId: string | null,
) => Promise<RecordPacket | null>
export type PacketSources = Partial<Record<SubmissionRecord['type'], PacketSource>>
