import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { createCheckoutCall, SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type {
  cancelSubscriptionCall,
  currentSubscriptionCall,
  listInvoicesCall,
} from '#shared/contracts/billing-subscription.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import { type BillingPeriod, getPlan, type PlanCode } from '#shared/domain/plans.ts'
import { ApiResponseShapeError, callApi, isApiError } from '#web/lib/api.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { formatDate } from '#web/lib/format.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { showToast } from '#web/lib/toast-store.ts'

const cancelSubscriptionRoute = routeOf<typeof cancelSubscriptionCall>('POST', '/api/subscription/cancel')
const currentSubscriptionRoute = routeOf<typeof currentSubscriptionCall>('GET', '/api/subscription/current')
const listInvoicesRoute = routeOf<typeof listInvoicesCall>('GET', '/api/subscription/invoices')

export const currentSubscriptionQuery = queryOptions({
  queryKey: queryKeys.subscription,
  queryFn: ({ signal }) => callApi(currentSubscriptionRoute, { signal }),
})

export const invoicesQuery = queryOptions({
  queryKey: queryKeys.invoices,
  queryFn: async ({ signal }) => (await callApi(listInvoicesRoute, { signal })).data,
})

/**
 * A refusal the server explains (the plan changed meanwhile, only admins may) is shown as it is;
 * anything else gets the spec's message (§8).
 */
function describeFailure(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 && error.message ? error.message : fallback
}

function useRefreshBilling() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    ])
}

/**
 * Upgrade or downgrade (spec §4: the chosen plan code and period). A checkout sends the browser to
 * the provider's page; a change made at once or scheduled stays here and says so.
 */
export function useChangePlan() {
  const refresh = useRefreshBilling()
  return useMutation({
    mutationFn: async (choice: { planCode: PlanCode; billingPeriod: BillingPeriod }) => {
      const answer = await callApi(createCheckoutCall, { body: choice })
      if (!answer.url) throw new ApiResponseShapeError(createCheckoutCall.path, 'empty url')
      return { ...answer, planName: getPlan(choice.planCode)?.name ?? choice.planCode }
    },
    onSuccess: async (answer) => {
      if (answer.change === 'checkout') return goToPage(answer.url)
      await refresh()
      if (answer.change === 'upgraded') showToast({ title: `${answer.planName} plan active` })
      if (answer.change === 'cancelled')
        showToast({ title: T.canceledTitle, description: T.canceledDescription })
      if (answer.change === 'scheduled')
        showToast({
          title: T.downgradeScheduled,
          description: `Your plan changes to ${answer.planName}${answer.effectiveAt ? ` on ${formatDate(answer.effectiveAt)}` : ' at the end of the period'}.`,
        })
    },
    onError: (error) =>
      showToast({
        title: 'Error',
        description: describeFailure(error, T.upgradeFailed),
        variant: 'destructive',
      }),
  })
}

/** Spec §8: 'Subscription Canceled' - 'You'll have access until your current period ends.' */
export function useCancelSubscription() {
  const refresh = useRefreshBilling()
  return useMutation({
    mutationFn: () => callApi(cancelSubscriptionRoute),
    onSuccess: async () => {
      await refresh()
      showToast({ title: T.canceledTitle, description: T.canceledDescription })
    },
    onError: (error) =>
      showToast({
        title: 'Error',
        description: describeFailure(error, T.cancelFailed),
        variant: 'destructive',
      }),
  })
}
