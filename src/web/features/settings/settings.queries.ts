import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  currentSubscriptionCall,
  openBillingPortalCall,
} from '#shared/contracts/billing-subscription.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  BookSettings,
  getBookSettingsCall,
  updateBookSettingsCall,
} from '#shared/contracts/policies-book-settings.contract.ts'
import {
  BRANDING_LOGO_PATH,
  type BrandingAnswer,
  BrandingAnswerSchema,
  type BrandingInput,
  EXPORT_DATA_PATH,
  exportFileName,
  getBrandingCall,
  getNotificationPreferencesCall,
  type NotificationPreferences,
  type ProfileInput,
  saveBrandingCall,
  SETTINGS_TEXTS as T,
  updateNotificationPreferencesCall,
  updateProfileCall,
} from '#shared/contracts/settings.contract.ts'
import { ApiResponseShapeError, apiErrorOf, callApi } from '#web/lib/api.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { saveFile } from '#web/lib/save-file.ts'

const currentSubscriptionRoute = routeOf<typeof currentSubscriptionCall>('GET', '/api/subscription/current')
const openBillingPortalRoute = routeOf<typeof openBillingPortalCall>('POST', '/api/billing/portal')
const getBookSettingsRoute = routeOf<typeof getBookSettingsCall>('GET', '/api/settings/book')
const updateBookSettingsRoute = routeOf<typeof updateBookSettingsCall>('PUT', '/api/settings/book')

export const settingsKeys = {
  notifications: ['settings', 'notifications'] as const,
  subscription: queryKeys.subscription,
  branding: queryKeys.branding,
  book: queryKeys.bookSettings,
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: settingsKeys.notifications,
  queryFn: ({ signal }) => callApi(getNotificationPreferencesCall, { signal }),
})

export const currentSubscriptionQuery = queryOptions({
  queryKey: settingsKeys.subscription,
  queryFn: ({ signal }) => callApi(currentSubscriptionRoute, { signal }),
})

/** Manage Subscription with Stripe configured: the browser goes to Stripe's Customer Portal. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: async () => (await callApi(openBillingPortalRoute)).url,
    onSuccess: (url) => goToPage(url),
  })
}

/** The agency's branding: the Branding tab's form and the shell's logo and colours. */
export const brandingQuery = queryOptions({
  queryKey: settingsKeys.branding,
  queryFn: ({ signal }) => callApi(getBrandingCall, { signal }),
})

/** Spec §7: a profile change refreshes the current user (the menu shows the name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProfileInput) => callApi(updateProfileCall, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  })
}

/**
 * One toggle at a time, shown at once (optimistic) and put back if the save fails. Spec §7 also
 * invalidates the current user.
 */
export function useUpdateNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      callApi(updateNotificationPreferencesCall, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.notifications })
      const before = queryClient.getQueryData<NotificationPreferences>(settingsKeys.notifications)
      if (before) queryClient.setQueryData(settingsKeys.notifications, { ...before, ...change })
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(settingsKeys.notifications, context.before)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.notifications, saved)
      return queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })
    },
  })
}

export function useSaveBranding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BrandingInput) => callApi(saveBrandingCall, { body: input }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.branding, answer),
  })
}

/** The agency's book settings (the reinstatement window): everyone reads them, admins change them. */
export const bookSettingsQuery = queryOptions({
  queryKey: settingsKeys.book,
  queryFn: ({ signal }) => callApi(getBookSettingsRoute, { signal }),
})

/** A new window changes which cancelled policies can be reinstated: every policy asks again. */
export function useSaveBookSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: BookSettings) => callApi(updateBookSettingsRoute, { body: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.book, answer)
      return queryClient.invalidateQueries({ queryKey: queryKeys.policies })
    },
  })
}

async function postLogo(file: File): Promise<BrandingAnswer> {
  const body = new FormData()
  body.append('logo', file)
  const response = await fetch(BRANDING_LOGO_PATH, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiErrorOf(response)
  const parsed = BrandingAnswerSchema.safeParse(await response.json())
  if (!parsed.success) throw new ApiResponseShapeError(BRANDING_LOGO_PATH, parsed.error)
  return parsed.data
}

/** The logo goes up as soon as it is chosen: the shell shows it for the whole agency. */
export function useUploadLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postLogo,
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.branding, answer),
  })
}

/** Downloads the export as data-export-YYYY-MM-DD.json (the date in the browser's own calendar). */
export async function downloadDataExport(): Promise<void> {
  const response = await fetch(EXPORT_DATA_PATH, { credentials: 'same-origin' })
  if (!response.ok) throw await apiErrorOf(response)
  const now = new Date()
  const local = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()))
  saveFile(await completeExport(response), exportFileName(local))
}

/**
 * The export is streamed: a server failing part-way cuts the connection, which most browsers report
 * as a failed read, but a body that ends early must never be saved as if it were the export.
 */
async function completeExport(response: Response): Promise<Blob> {
  const text = await response.text()
  try {
    JSON.parse(text)
  } catch {
    throw new Error(T.exportIncomplete)
  }
  return new Blob([text], { type: 'application/json' })
}
