import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { matchCarriers } from '#shared/domain/carrier-matching.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { validateWizardClient } from './build-payload.ts'
import { CarrierStep } from './carrier-step.tsx'
import { ClientStep } from './client-step.tsx'
import { CoverageStep } from './coverage-step.tsx'
import { InsuranceTypeStep } from './insurance-type-step.tsx'
import { PlanLimitAlert } from './plan-limit-alert.tsx'
import { StepIndicator } from './step-indicator.tsx'
import { submitLabel } from './submit-label.ts'
import { showFieldErrors, useSubmitApplication } from './use-submit-application.ts'
import { canLeaveStep, clearStoredWizardData, emptyWizardValues, LAST_STEP } from './wizard-values.ts'

interface NewApplicationDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The dashboard creates a new client first and sends its id (spec part 1 §3). */
  createClientFirst?: boolean
}

/** 'Create New Application - Enhanced Form': the four-step wizard of spec part 1 §2, §4, §5. */
export function NewApplicationDialog({
  open,
  onOpenChange,
  createClientFirst = false,
}: NewApplicationDialogProps) {
  const form = useForm({ defaultValues: emptyWizardValues() })
  const [step, setStep] = useState(0)
  const values = form.watch()
  const carriers = useQuery({ ...carriersQuery, enabled: open })

  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (open) clearStoredWizardData()
  }, [open])

  // Each step starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    const scroller = formRef.current?.closest('[role="dialog"]')
    if (scroller && step >= 0) scroller.scrollTop = 0
  }, [step])

  function close(next: boolean) {
    if (!next) {
      form.reset(emptyWizardValues())
      setStep(0)
      submission.reset()
    }
    onOpenChange(next)
  }

  const submission = useSubmitApplication({
    form,
    createClientFirst,
    goToStep: setStep,
    onCreated: () => close(false),
  })
  const type = values.insuranceType
  const filters = values.carrierFilters
  const matching = type ? matchCarriers(carriers.data ?? [], type, values.bulkSubmissionType, filters) : []
  const canGoOn = canLeaveStep(step, values)
  const bulk = values.bulkSubmissionType !== 'specific_carriers'
  const canSubmit = canGoOn && !submission.isPending && !(bulk && carriers.isSuccess && matching.length === 0)

  function next() {
    if (!canGoOn) return
    if (step === 1 && values.clientMode === 'new') {
      form.clearErrors('clientData')
      const checked = validateWizardClient(values)
      if (!checked.ok) return void showFieldErrors(form, checked.errors, false)
    }
    setStep((current) => Math.min(current + 1, LAST_STEP))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (step < LAST_STEP) return next()
    if (canSubmit) submission.submit(form.getValues())
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl grid-cols-1 gap-0 p-0">
        <DialogHeader className="grid-cols-1 gap-3 border-b border-slate-200 p-4 sm:p-6">
          <DialogTitle>{APPLICATION_TEXTS.dialogTitle}</DialogTitle>
          <DialogDescription>
            Step {step + 1} of {APPLICATION_TEXTS.steps.length}: {APPLICATION_TEXTS.steps[step]}
          </DialogDescription>
          <StepIndicator step={step} />
        </DialogHeader>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={APPLICATION_TEXTS.steps[step]}>
          <div className="grid gap-4 p-4 sm:p-6">
            {submission.failure && (
              <PlanLimitAlert error={submission.failure} onNavigate={() => close(false)} />
            )}
            {step === 0 && <InsuranceTypeStep form={form} />}
            {step === 1 && <ClientStep form={form} />}
            {step === 2 && type && <CoverageStep form={form} type={type} />}
            {step === 3 && (
              <CarrierStep
                form={form}
                matching={matching}
                loading={carriers.isPending}
                failed={carriers.isError}
              />
            )}
          </div>
          <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white p-4 sm:px-6">
            <Button variant="outline" className="mr-auto" onClick={() => close(false)}>
              Cancel
            </Button>
            <div className="flex flex-wrap justify-end gap-2">
              {step > 0 && (
                <Button variant="outline" onClick={() => setStep((current) => current - 1)}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
              )}
              {step < LAST_STEP ? (
                <Button type="submit" disabled={!canGoOn}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              ) : (
                <Button type="submit" disabled={!canSubmit}>
                  {submission.isPending
                    ? 'Submitting...'
                    : submitLabel(values.bulkSubmissionType, matching.length)}
                </Button>
              )}
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
