import { useQueryClient } from '@tanstack/react-query'
import type { ComparedQuote } from '#shared/contracts/quotes.contract.ts'
import { SUBMISSION_STATUS_LABELS } from '#shared/domain/submission-status.ts'
import { Button } from '#web/components/button.tsx'
import { useRetrySubmission } from '#web/features/carrier-delivery/carrier-delivery.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { quoteKeys } from './quotes.queries.ts'

type BindRequest = NonNullable<ComparedQuote['bindRequest']>

/**
 * Where an API carrier's bind request stands; a failed one (no connection, the carrier refused)
 * says why and goes again through carrier delivery's retry, with a fresh idempotency key.
 */
export function BindRequestState({ quote, request }: { quote: ComparedQuote; request: BindRequest }) {
  const queryClient = useQueryClient()
  const retry = useRetrySubmission(() =>
    queryClient.invalidateQueries({ queryKey: quoteKeys.ofApplication(quote.applicationId) }),
  )
  const label = SUBMISSION_STATUS_LABELS[request.status].toLowerCase()
  return (
    <div className="grid gap-1 text-xs text-slate-600">
      <span>Bind request: {label}</span>
      {request.status === 'failed' && (
        <>
          {request.message && <span>{request.message}</span>}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start print:hidden"
            disabled={retry.isPending}
            aria-label={`Retry the bind request to ${quote.carrierName}`}
            onClick={() =>
              retry.mutate(request.submissionId, {
                onError: (error) =>
                  showToast({
                    title: 'The bind request was not sent again',
                    description: isApiError(error) && error.status < 500 ? error.message : undefined,
                    variant: 'destructive',
                  }),
              })
            }
          >
            Retry
          </Button>
        </>
      )}
    </div>
  )
}
