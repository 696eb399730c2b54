import { useEffect, useRef, useState } from 'react'
import type { Recommendation, SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { stillDeliveringText } from '#shared/domain/submission-status.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { STAGES, type Stage, successCountText } from './bulk-messages.ts'
import { useBulkSubmit } from './bulk-submission.queries.ts'
import { ProfileStage } from './profile-stage.tsx'
import {
  type BulkApplication,
  hasAge,
  initialProfileValues,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
  type RecommendationsBody,
  toRecommendationsBody,
} from './profile-values.ts'
import type { CarrierFigures } from './recommendation-card.tsx'
import { RecommendationsStage } from './recommendations-stage.tsx'
import { ResultsStage } from './results-stage.tsx'
import { SelectionStage } from './selection-stage.tsx'
import { StageFooter, StageIndicator } from './stage-indicator.tsx'

export interface SmartBulkSubmissionModalProps {
  application: BulkApplication
  onClose: () => void
  /**
   * Runs after the modal's own toast, so a screen's toast (one at a time) replaces it: with the
   * submit's answer, and again with the outcome once deliveries still pending then have settled.
   */
  onCompleted?: (results: SubmissionResult[]) => void
  /** Each recommended carrier's indication-to-bound figures, from the quotes feature; composed in by the route. */
  CarrierFigures?: CarrierFigures
}

/** Spec part 1 §2 Smart Bulk Submission: profile, recommendations, selection, results. */
export function SmartBulkSubmissionModal({
  application,
  onClose,
  onCompleted,
  CarrierFigures,
}: SmartBulkSubmissionModalProps) {
  const [stage, setStage] = useState<Stage>(0)
  const [values, setValues] = useState<ProfileValues>(() => initialProfileValues(application))
  const [errors, setErrors] = useState<ProfileErrors>({})
  const [request, setRequest] = useState<RecommendationsBody | null>(null)
  const [offered, setOffered] = useState<Recommendation[]>([])
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [results, setResults] = useState<SubmissionResult[] | null>(null)
  // The button disables on the next render; this stops a second click landing before it.
  const inFlight = useRef(false)
  const report = (outcome: SubmissionResult[]) => {
    announce(outcome)
    onCompleted?.(outcome)
  }
  const submit = useBulkSubmit((answer) => {
    setResults(answer)
    setStage(3)
    report(answer)
  })
  const clientName = `${application.client.firstName} ${application.client.lastName}`
  const headerRef = useRef<HTMLDivElement>(null)

  // Each stage starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    const scroller = headerRef.current?.closest('[role="dialog"]')
    if (scroller && stage >= 0) scroller.scrollTop = 0
  }, [stage])

  function change(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function getRecommendations() {
    if (!hasAge(values)) {
      setErrors({})
      return showToast({
        title: BULK_TEXTS.profileRequiredTitle,
        description: BULK_TEXTS.profileRequired,
        variant: 'destructive',
      })
    }
    const checked = toRecommendationsBody(values)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    setRequest(checked.body)
    setStage(1)
  }

  function submitSelection() {
    if (inFlight.current) return
    const carrierIds = offered.map((r) => r.carrier.id).filter((id) => selected.has(id))
    if (carrierIds.length === 0) {
      return showToast({
        title: BULK_TEXTS.noCarriersTitle,
        description: BULK_TEXTS.noCarriers,
        variant: 'destructive',
      })
    }
    inFlight.current = true
    submit.mutate(
      { applicationId: application.id, carrierIds, idempotencyKey: crypto.randomUUID() },
      {
        onError: (error) =>
          showToast({
            title: BULK_TEXTS.failedTitle,
            description: isApiError(error) ? error.message : BULK_TEXTS.failedFallback,
            variant: 'destructive',
          }),
        onSettled: () => {
          inFlight.current = false
        },
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="h-[100dvh] max-h-[100dvh] w-screen max-w-none content-start gap-0 rounded-none p-0 sm:h-auto sm:max-h-[90vh] sm:w-[calc(100vw-2rem)] sm:max-w-3xl sm:rounded-lg">
        <DialogHeader ref={headerRef} className="gap-3 border-b border-slate-200 p-4 sm:p-6">
          <DialogTitle>{BULK_TEXTS.title}</DialogTitle>
          <DialogDescription>
            {INSURANCE_TYPE_LABELS[application.insuranceType]} application for {clientName}. Stage {stage + 1}{' '}
            of {STAGES.length}: {STAGES[stage]}
          </DialogDescription>
          <StageIndicator stage={stage} />
        </DialogHeader>
        {stage === 0 && (
          <ProfileStage
            values={values}
            errors={errors}
            onChange={change}
            onSubmit={getRecommendations}
            onCancel={onClose}
          />
        )}
        {stage === 1 && request && (
          <RecommendationsStage
            body={request}
            CarrierFigures={CarrierFigures}
            onBack={() => setStage(0)}
            onContinue={(list) => {
              setOffered(list)
              setStage(2)
            }}
          />
        )}
        {stage === 2 && (
          <SelectionStage
            recommendations={offered}
            selected={selected}
            onSelect={setSelected}
            submitting={submit.isPending}
            onBack={() => setStage(1)}
            onSubmit={submitSelection}
          />
        )}
        {stage === 3 && results && (
          <>
            <div className="p-4 sm:p-6">
              <ResultsStage applicationId={application.id} results={results} onSettled={report} />
            </div>
            <StageFooter>
              <Button onClick={onClose}>Close</Button>
            </StageFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Spec §8: how many of the carriers took it; all of them failing is a failure. */
function announce(results: SubmissionResult[]) {
  const allFailed = results.every((result) => result.status === 'failed')
  showToast({
    title: allFailed ? BULK_TEXTS.bulkFailed : BULK_TEXTS.completed,
    description: successCountText(results) + stillDeliveringText(results),
    variant: allFailed ? 'destructive' : 'success',
  })
}
