import { queryOptions, useMutation } from '@tanstack/react-query'
import {
  cancelTestCheckoutCall,
  createCheckoutCall,
  getTestCheckoutCall,
  listPlansCall,
  type Plan,
  payTestCheckoutCall,
  SUBSCRIPTION_TEXTS,
} from '#shared/contracts/billing.contract.ts'
import { type PlanCode, planListings } from '#shared/domain/plans.ts'
import { ApiResponseShapeError, callApi, isApiError } from '#web/lib/api.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { showToast } from '#web/lib/toast-store.ts'

/** The spec's built-in list, used when the server answers no plans. */
export const FALLBACK_PLANS: Plan[] = planListings()

export const plansQuery = queryOptions({
  queryKey: queryKeys.plans,
  queryFn: async ({ signal }) => (await callApi(listPlansCall, { signal })).data,
  meta: { unauthorizedIsExpected: true },
})

export function testCheckoutQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.testCheckout(id),
    queryFn: ({ signal }) => callApi(getTestCheckoutCall, { params: { id }, signal }),
  })
}

/** Starts the provider's hosted checkout and leaves the app for it. */
export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: async (planCode: PlanCode) => {
      const { url } = await callApi(createCheckoutCall, { body: { planCode, billingPeriod: 'monthly' } })
      if (!url) throw new ApiResponseShapeError(createCheckoutCall.path, 'empty url')
      return url
    },
    onSuccess: (url) => goToPage(url),
    onError: (error) =>
      showToast({
        title: SUBSCRIPTION_TEXTS.checkoutFailedTitle,
        description: describeCheckoutError(error),
        variant: 'destructive',
      }),
  })
}

function describeCheckoutError(error: unknown): string {
  if (error instanceof ApiResponseShapeError) return SUBSCRIPTION_TEXTS.noCheckoutUrl
  if (isApiError(error) && error.message) return error.message
  return SUBSCRIPTION_TEXTS.checkoutFailed
}

/** Pay or cancel the built-in test checkout; the server says where the browser goes next. */
export function useTestCheckoutAction(action: 'pay' | 'cancel', failureTitle: string) {
  return useMutation({
    mutationFn: (id: string) =>
      callApi(action === 'pay' ? payTestCheckoutCall : cancelTestCheckoutCall, { params: { id } }),
    onSuccess: ({ redirectUrl }) => goToPage(redirectUrl),
    onError: (error) =>
      showToast({
        title: failureTitle,
        description: isApiError(error) ? error.message : undefined,
        variant: 'destructive',
      }),
  })
}
