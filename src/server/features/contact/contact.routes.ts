import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requestMeta, requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  COMPANY_NAME,
  CONTACT_TEXTS,
  getContactInfoCall,
  getSupportMessageCall,
  listSupportMessagesCall,
  replyToSupportMessageCall,
  SUPPORT_INBOX_ROLES,
  sendContactMessageCall,
  updateSupportMessageCall,
} from '#shared/contracts/contact.contract.ts'
import { type ContactSettings, sendContactMessage } from './contact.service.ts'
import {
  listSupportMessages,
  replyToSupportMessage,
  setSupportMessageStatus,
  viewSupportMessage,
} from './support-inbox.service.ts'

export function contactRoutes(app: FastifyInstance, deps: { db: Db; contact: ContactSettings }): void {
  const { db, contact } = deps
  // Visitors may write too (a signed-out user who cannot get in); the service limits each sender.
  registerCall(app, sendContactMessageCall, { public: true }, async ({ raw, body }) => {
    const { reference } = await sendContactMessage(
      db,
      contact,
      { actor: raw.actor, meta: requestMeta(raw) },
      body,
    )
    return { success: true as const, reference, message: CONTACT_TEXTS.sent }
  })
  registerCall(app, getContactInfoCall, { public: true }, async () => ({
    supportEmail: contact.supportEmail,
    companyName: COMPANY_NAME,
  }))

  const STAFF = { roles: SUPPORT_INBOX_ROLES }
  registerCall(app, listSupportMessagesCall, STAFF, async ({ query }) => listSupportMessages(db, query))
  registerCall(app, getSupportMessageCall, STAFF, async ({ raw, params }) =>
    viewSupportMessage(db, requireCtx(raw), params.id),
  )
  registerCall(app, replyToSupportMessageCall, STAFF, async ({ raw, params, body }) =>
    replyToSupportMessage(db, requireCtx(raw), params.id, body.message, contact.wake),
  )
  registerCall(app, updateSupportMessageCall, STAFF, async ({ raw, params, body }) =>
    setSupportMessageStatus(db, requireCtx(raw), params.id, body.status),
  )
}
