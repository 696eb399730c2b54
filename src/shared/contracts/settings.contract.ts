import { z } from 'zod'
import { defineCall } from './call.ts'

/** Settings texts: the spec's (part 2 §2, §8) quoted exactly, and ours where the spec says "not shown". */
export const SETTINGS_TEXTS = {
  title: 'Settings',
  updateProfile: 'Update Profile',
  /** Not shown in the spec: ours. */
  profileUpdated: 'Profile updated',
  profileFailed: 'Failed to update profile',
  notificationsFailed: 'Failed to update notifications',
  exportData: 'Export Data',
  exportSucceeded: 'Data export downloaded successfully',
  exportFailed: 'Failed to export data',
  exportIncomplete: 'The export ended before it was complete. Please try again.',
  manageSubscription: 'Manage Subscription',
  /** Not in the spec (it shows the monthly price only): ours, for agencies billed yearly. */
  monthlyCost: 'Monthly cost',
  yearlyCost: 'Yearly cost',
  perMonth: 'per month',
  perYear: 'per year',
  logoHint: 'PNG, JPG up to 2MB, recommended 200x80px',
  saveBranding: 'Save Branding',
  /** Ours: the domain is stored, not yet routed by host name (decision 013). */
  customDomainHint:
    "For example portal.youragency.com. It is kept for when your agency's host is set up; the portal is not served on it yet.",
  brandingSaved: 'Branding saved',
  brandingFailed: 'Failed to save branding',
  logoUploaded: 'Logo uploaded',
  logoFailed: 'Failed to upload logo',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameMax: 'Use at most 100 characters',
  emailInvalid: 'Invalid email address',
  emailTaken: 'Another account already uses this email address.',
  /** Ours: the spec's form has no password field; it appears when the email changes (decision 013). */
  currentPasswordLabel: 'Current password',
  emailChangeNeedsPassword: 'You sign in with this email, so changing it needs your current password.',
  emailChangedSubject: 'The email address of your account was changed',
  brandingPlanOnly: 'Custom branding is part of the Executive plan. Upgrade to use it.',
  brandingAdminsOnly: 'Only an agency admin can change the branding.',
  logoNoFile: 'Choose a PNG or JPG logo to upload.',
  logoType: 'The logo must be a PNG or JPG image.',
  logoTooLarge: 'The logo must be 2 MB or smaller.',
  domainInvalid: 'Enter a domain name such as portal.youragency.com',
  colorInvalid: 'Use a colour like #8B5CF6',
  organizationNameMax: 'Use at most 120 characters',
} as const

const T = SETTINGS_TEXTS

/** Spec §9. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const DEFAULT_PRIMARY_COLOR = '#8B5CF6'
export const DEFAULT_ACCENT_COLOR = '#EC4899'
export const THEME_STYLES = ['modern', 'professional', 'corporate'] as const
export type ThemeStyle = (typeof THEME_STYLES)[number]
export const THEME_LABELS: Record<ThemeStyle, string> = {
  modern: 'Modern',
  professional: 'Professional',
  corporate: 'Corporate',
}

/** Names: the browser does not validate (spec §5); the server still refuses empty and over-long. */
const name = (required: string) => z.string().trim().min(1, required).max(100, T.nameMax)

export const ProfileInputSchema = z.object({
  firstName: name(T.firstNameRequired),
  lastName: name(T.lastNameRequired),
  email: z.string().trim().toLowerCase().max(254, T.emailInvalid).email(T.emailInvalid),
  /** Only when the email changes (the sign-in email); a name-only change needs none. */
  currentPassword: z.string().max(200).optional(),
})
export type ProfileInput = z.input<typeof ProfileInputSchema>

export const ProfileSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() })

/** Both paths answer (spec §7 leaves which one is live open). */
export const updateProfileCall = defineCall({
  method: 'PUT',
  path: '/api/settings/profile',
  body: ProfileInputSchema,
  response: z.object({ profile: ProfileSchema }),
})
export const updateProfileAliasCall = defineCall({ ...updateProfileCall, path: '/api/profile' })

export const NOTIFICATION_KINDS = [
  'applicationUpdates',
  'marketingEmails',
  'securityAlerts',
  'weeklyReports',
  'renewalReminders',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  applicationUpdates: {
    label: 'Application updates',
    description: 'Email me when a carrier answers a submission I sent',
  },
  marketingEmails: { label: 'Marketing emails', description: 'Product news and offers' },
  securityAlerts: {
    label: 'Security alerts',
    description: 'New sign-in from a new device, password changed, two-factor turned off',
  },
  weeklyReports: { label: 'Weekly reports', description: "A summary of your agency's last 7 days" },
  /** Ours (issue #31): not in the spec's list. */
  renewalReminders: {
    label: 'Renewal reminders',
    description: 'A morning email of the renewals assigned to you that are due or overdue',
  },
}

export const NotificationPreferencesSchema = z.object({
  applicationUpdates: z.boolean(),
  marketingEmails: z.boolean(),
  securityAlerts: z.boolean(),
  weeklyReports: z.boolean(),
  renewalReminders: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>

const TRUE = new Set(['true', 'on', '1', 'yes'])
const FALSE = new Set(['false', 'off', '0', 'no'])

/** A boolean, or the plain readings a form sends ('true'/'false', 'on'/'off', '1'/'0'). */
const flag = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value
    const text = value.trim().toLowerCase()
    return TRUE.has(text) ? true : FALSE.has(text) ? false : value
  },
  z.boolean({ message: 'Use true or false' }),
)

/** Any of them; the ones left out keep their value (each toggle is saved on its own). */
export const NotificationPreferencesInputSchema = z
  .object({
    applicationUpdates: flag.optional(),
    marketingEmails: flag.optional(),
    securityAlerts: flag.optional(),
    weeklyReports: flag.optional(),
    renewalReminders: flag.optional(),
  })
  .strict()

export const getNotificationPreferencesCall = defineCall({
  method: 'GET',
  path: '/api/settings/notifications',
  response: NotificationPreferencesSchema,
})
export const updateNotificationPreferencesCall = defineCall({
  method: 'PUT',
  path: '/api/settings/notifications',
  body: NotificationPreferencesInputSchema,
  response: NotificationPreferencesSchema,
})
export const updateNotificationPreferencesAliasCall = defineCall({
  ...updateNotificationPreferencesCall,
  path: '/api/notifications',
})

const COLOR = /^#[0-9A-Fa-f]{6}$/
/** A host name: labels of letters, digits and inner hyphens, at least one dot, a letter TLD. */
const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

const optionalText = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable(),
  )

export const BrandingInputSchema = z.object({
  organizationName: optionalText(z.string().trim().max(120, T.organizationNameMax)).default(null),
  customDomain: optionalText(z.string().trim().toLowerCase().regex(HOST, T.domainInvalid)).default(null),
  primaryColor: z.string().trim().regex(COLOR, T.colorInvalid).default(DEFAULT_PRIMARY_COLOR),
  accentColor: z.string().trim().regex(COLOR, T.colorInvalid).default(DEFAULT_ACCENT_COLOR),
  themeStyle: z.enum(THEME_STYLES, { message: 'Choose Modern, Professional or Corporate' }).default('modern'),
})
export type BrandingInput = z.input<typeof BrandingInputSchema>

export const BrandingSchema = z.object({
  organizationName: z.string().nullable(),
  customDomain: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  themeStyle: z.enum(THEME_STYLES),
  /** Where the shell loads the logo from (changes with each upload), or null. */
  logoUrl: z.string().nullable(),
})
export type Branding = z.infer<typeof BrandingSchema>

/** `enabled`: the agency's plan includes branding (executive); the shell applies it only then. */
export const BrandingAnswerSchema = z.object({
  enabled: z.boolean(),
  canEdit: z.boolean(),
  branding: BrandingSchema,
})
export type BrandingAnswer = z.infer<typeof BrandingAnswerSchema>

export const BRANDING_LOGO_PATH = '/api/settings/branding/logo'

export const getBrandingCall = defineCall({
  method: 'GET',
  path: '/api/settings/branding',
  response: BrandingAnswerSchema,
})
export const saveBrandingCall = defineCall({
  method: 'PUT',
  path: '/api/settings/branding',
  body: BrandingInputSchema,
  response: BrandingAnswerSchema,
})
/** multipart/form-data with one `logo` file part. */
export const uploadLogoCall = defineCall({
  method: 'POST',
  path: BRANDING_LOGO_PATH,
  response: BrandingAnswerSchema,
})

/** Downloaded with fetch (a file, not a contract answer). */
export const EXPORT_DATA_PATH = '/api/settings/export-data'
export function exportFileName(now = new Date()): string {
  return `data-export-${now.toISOString().slice(0, 10)}.json`
}
