import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import {
  BRANDING_LOGO_PATH,
  EXPORT_DATA_PATH,
  exportFileName,
  getBrandingCall,
  getNotificationPreferencesCall,
  SETTINGS_TEXTS,
  saveBrandingCall,
  updateNotificationPreferencesAliasCall,
  updateNotificationPreferencesCall,
  updateProfileAliasCall,
  updateProfileCall,
  uploadLogoCall,
} from '#shared/contracts/settings.contract.ts'
import { getBranding, saveBranding } from './branding.service.ts'
import { exportData } from './export-data.ts'
import { getNotificationPreferences, updateNotificationPreferences } from './notification-settings.service.ts'
import { updateProfile } from './update-profile.ts'
import { assertMayUploadLogo, openLogo, uploadLogo } from './upload-logo.ts'

export function settingsRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
): void {
  // Spec §7 names both paths and leaves which one is live open: both answer, one handler.
  for (const call of [updateProfileCall, updateProfileAliasCall]) {
    registerCall(app, call, {}, async ({ raw, body }) => updateProfile(db, requireCtx(raw), body))
  }
  registerCall(app, getNotificationPreferencesCall, {}, async ({ raw }) =>
    getNotificationPreferences(db, requireCtx(raw)),
  )
  for (const call of [updateNotificationPreferencesCall, updateNotificationPreferencesAliasCall]) {
    registerCall(app, call, {}, async ({ raw, body }) =>
      updateNotificationPreferences(db, requireCtx(raw), body),
    )
  }

  registerCall(app, getBrandingCall, {}, async ({ raw }) => getBranding(db, requireCtx(raw)))
  registerCall(app, saveBrandingCall, {}, async ({ raw, body }) => saveBranding(db, requireCtx(raw), body))
  registerCall(app, uploadLogoCall, {}, async ({ raw }) => {
    const ctx = requireCtx(raw)
    await assertMayUploadLogo(db, ctx)
    const file = await receiveFilePart(raw, {
      field: 'logo',
      noFile: SETTINGS_TEXTS.logoNoFile,
      tooLarge: () =>
        new AppError('PAYLOAD_TOO_LARGE', {
          message: SETTINGS_TEXTS.logoTooLarge,
          headers: { connection: 'close' },
        }),
    })
    return uploadLogo(db, storage, ctx, file)
  })
  // An image for the shell's <img>: sent as stored, never sniffed, and never run as a page.
  app.get(BRANDING_LOGO_PATH, async (request, reply) => {
    const logo = await openLogo(db, storage, requireCtx(request))
    if (logo.size) reply.header('content-length', logo.size)
    return reply
      .header('content-type', logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(logo.content)
  })

  app.get(EXPORT_DATA_PATH, { compress: false }, async (request, reply) => {
    const stream = await exportData(db, requireCtx(request), request.log)
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .send(stream)
  })
}
