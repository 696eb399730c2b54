import type { Db } from '#server/db/connect.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { ClaimedJob } from '#server/platform/jobs.ts'
import type { Mailer } from '#server/platform/mail.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { SubmissionRow } from './carrier-delivery.repository.ts'
import type { PacketSources } from './carrier-packet.service.ts'
import type { AllowList } from './ssrf.service.ts'

export interface DeliveryDeps {
  db: Db
  cipher: FieldCipher
  mailer: Mailer
  allowList: AllowList
  /** How long one API delivery may take, connection to last byte. */
  apiTimeoutMs: number
  /** For packets of submissions queued before an upgrade (deliver-submission.job.ts). */
  storage: FileStorage
  packetSources: PacketSources
}

/** One delivery: the submission with its packet, and the carrier as it is addressed. */
export interface Delivery {
  job: ClaimedJob
  submission: SubmissionRow & { body: Record<string, unknown> }
  carrier: { id: string; name: string; code: string; contactEmail: string | null }
  /** The packet's PDF as stored when queued (email, pdf and manual methods); null without one. */
  packet: { documentId: string; filename: string } | null
  startedAt: Date
}
