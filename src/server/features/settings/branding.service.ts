import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  BRANDING_LOGO_PATH,
  type BrandingAnswer,
  type BrandingInputSchema,
  DEFAULT_ACCENT_COLOR,
  DEFAULT_PRIMARY_COLOR,
  SETTINGS_TEXTS,
  type ThemeStyle,
} from '#shared/contracts/settings.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { findAgencyName, findAgencyPlan } from '../agencies/agencies.service.ts'
import * as repository from './settings.repository.ts'

/** The plan whose agencies may brand the shell (spec §6: "The executive plan code unlocks branding"). */
export const BRANDING_PLAN = 'executive'

export function toBrandingAnswer(
  ctx: Ctx,
  planCode: string | undefined,
  row: repository.BrandingRow | undefined,
): BrandingAnswer {
  const enabled = planCode === BRANDING_PLAN
  return {
    enabled,
    canEdit: enabled && isAgencyAdmin(ctx.actor.role),
    branding: {
      organizationName: row?.organizationName ?? null,
      customDomain: row?.customDomain ?? null,
      primaryColor: row?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
      accentColor: row?.accentColor ?? DEFAULT_ACCENT_COLOR,
      themeStyle: (row?.themeStyle ?? 'modern') as ThemeStyle,
      // The version in the address makes the browser fetch a new logo after an upload.
      logoUrl: row?.logoKey ? `${BRANDING_LOGO_PATH}?v=${row.logoSha256?.slice(0, 12) ?? ''}` : null,
    },
  }
}

/** Every user of the agency reads it: the shell applies it when the plan includes branding. */
export async function getBranding(db: Db, ctx: Ctx): Promise<BrandingAnswer> {
  const { agencyId } = ctx.actor
  const [plan, row] = await Promise.all([findAgencyPlan(db, agencyId), repository.findBranding(db, agencyId)])
  return toBrandingAnswer(ctx, plan?.planCode, row)
}

/**
 * A change of branding is refused below the executive plan (402, the plan-limit answer, with a
 * message that names the plan) and for users who are not agency admins (403): it changes the
 * shell of every colleague.
 */
export async function assertMayBrand(executor: Executor, ctx: Ctx): Promise<string> {
  const plan = await findAgencyPlan(executor, ctx.actor.agencyId)
  if (plan?.planCode !== BRANDING_PLAN) {
    throw new AppError('PLAN_LIMIT_REACHED', { message: SETTINGS_TEXTS.brandingPlanOnly })
  }
  if (!isAgencyAdmin(ctx.actor.role)) {
    throw new AppError('FORBIDDEN', { message: SETTINGS_TEXTS.brandingAdminsOnly })
  }
  return plan.planCode
}

export function saveBranding(
  db: Db,
  ctx: Ctx,
  input: z.output<typeof BrandingInputSchema>,
): Promise<BrandingAnswer> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const planCode = await assertMayBrand(tx, ctx)
    const row = await repository.upsertBranding(tx, agencyId, { ...input, updatedBy: userId })
    await recordAudit(tx, ctx, {
      action: 'settings.branding_updated',
      entity: { type: 'agency', id: agencyId },
      details: { ...input },
    })
    return toBrandingAnswer(ctx, planCode, row)
  })
}

/**
 * What a document the agency sends goes out under: its branded name and colour when its plan
 * brands, else its own name and the product's colour.
 */
export async function readLetterhead(db: Db, ctx: Ctx): Promise<{ agencyName: string; brandColor: string }> {
  const [agencyName, branding] = await Promise.all([
    findAgencyName(db, ctx.actor.agencyId),
    getBranding(db, ctx),
  ])
  return {
    agencyName: (branding.enabled && branding.branding.organizationName) || agencyName || 'Your agency',
    brandColor: branding.branding.primaryColor,
  }
}
