import type { Executor } from '#server/db/connect.ts'
import { queueMail } from '#server/platform/mail.ts'
import { utcStamp } from './pdf/place-signature.ts'

export interface InviteMail {
  agencyId: string
  to: string
  signerName: string
  documentName: string
  agencyName: string
  senderName: string
  customMessage: string
  link: string
  expiresAt: Date
}

/** A signer's turn: the one-time link, for them alone. */
export function queueSigningInvite(executor: Executor, mail: InviteMail) {
  return queueMail(executor, {
    agencyId: mail.agencyId,
    to: mail.to,
    subject: `${mail.agencyName}: please sign "${mail.documentName}"`,
    text: [
      `Hello ${mail.signerName},`,
      '',
      `${mail.senderName} of ${mail.agencyName} asks you to review and sign "${mail.documentName}".`,
      ...(mail.customMessage ? ['', mail.customMessage] : []),
      '',
      `Review and sign: ${mail.link}`,
      '',
      `This link is yours alone and works once, until ${utcStamp(mail.expiresAt)}. You will first be asked to agree to sign electronically; you may ask ${mail.agencyName} for a paper copy instead.`,
    ].join('\n'),
  })
}

export interface CompletedMail {
  agencyId: string
  to: string
  documentName: string
  agencyName: string
  signedDocumentId: string
  fileName: string
}

/** Everyone signed: the completed, sealed PDF for each party to keep. */
export function queueCompletedMail(executor: Executor, mail: CompletedMail) {
  return queueMail(executor, {
    agencyId: mail.agencyId,
    to: mail.to,
    subject: `Completed: "${mail.documentName}" is signed by everyone`,
    text: [
      `"${mail.documentName}" has been signed by everyone it was sent to.`,
      '',
      'The completed document is attached: a PDF sealed with a digital signature, with a certificate of completion as its last page. Keep it for your records; any PDF reader shows whether it was changed since signing.',
      '',
      mail.agencyName,
    ].join('\n'),
    attachments: [{ documentId: mail.signedDocumentId, filename: mail.fileName }],
  })
}
