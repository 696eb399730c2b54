import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import type { createApplicationCall } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { routeOf } from '#shared/contracts/call.ts'
import type { createClientCall } from '#shared/contracts/clients.contract.ts'
import type { FieldError } from '#shared/errors.ts'
import { callApi, isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useRefreshAfterApplicationChange } from '../applications.queries.ts'
import {
  buildApplicationPayload,
  stepOfPath,
  toWizardPath,
  validateWizardClient,
  type WizardClient,
} from './build-payload.ts'
import type { WizardForm, WizardPath } from './wizard-field.tsx'
import type { WizardValues } from './wizard-values.ts'

const createApplicationRoute = routeOf<typeof createApplicationCall>('POST', '/api/applications')
const createClientRoute = routeOf<typeof createClientCall>('POST', '/api/clients')

interface SubmitOptions {
  form: WizardForm
  /** Dashboard flow (spec part 1 §3): a new client is created first and sent by id. */
  createClientFirst: boolean
  goToStep: (step: number) => void
  onCreated: () => void
}

interface Submission {
  values: WizardValues
  newClient: WizardClient | null
}

/** Puts field messages on their wizard fields and answers the earliest step holding one. */
export function showFieldErrors(form: WizardForm, errors: readonly FieldError[], fromClientCall: boolean) {
  let firstStep: number | undefined
  for (const { path, message } of errors) {
    const target = toWizardPath(path, fromClientCall)
    if (!target) continue
    form.setError(target as WizardPath, { type: 'server', message })
    const step = stepOfPath(target)
    firstStep = firstStep === undefined ? step : Math.min(firstStep, step)
  }
  return firstStep
}

export function useSubmitApplication({ form, createClientFirst, goToStep, onCreated }: SubmitOptions) {
  const refresh = useRefreshAfterApplicationChange()
  // A client created before a failed application is reused on retry, never created twice.
  const createdClientId = useRef<string | null>(null)
  const stage = useRef<'client' | 'application'>('application')

  const mutation = useMutation({
    mutationFn: async ({ values, newClient }: Submission) => {
      stage.current = 'application'
      if (!newClient) {
        const payload = buildApplicationPayload(values, { clientId: values.clientId })
        return callApi(createApplicationRoute, { body: payload })
      }
      if (!createClientFirst) {
        const payload = buildApplicationPayload(values, { clientData: newClient })
        return callApi(createApplicationRoute, { body: payload })
      }
      if (!createdClientId.current) {
        stage.current = 'client'
        createdClientId.current = (await callApi(createClientRoute, { body: newClient })).id
        stage.current = 'application'
      }
      const payload = buildApplicationPayload(values, { clientId: createdClientId.current })
      return callApi(createApplicationRoute, { body: payload })
    },
    onSuccess: async () => {
      createdClientId.current = null
      showToast({
        title: APPLICATION_TEXTS.createdTitle,
        description: APPLICATION_TEXTS.created,
        variant: 'success',
      })
      onCreated()
      await refresh()
    },
    onError: (error) => {
      if (isApiError(error)) {
        const step = showFieldErrors(form, error.fieldErrors, stage.current === 'client')
        if (step !== undefined) goToStep(step)
      }
      showToast({
        title: APPLICATION_TEXTS.createFailed,
        description: isApiError(error) ? error.message : undefined,
        variant: 'destructive',
      })
    },
  })

  function submit(values: WizardValues) {
    form.clearErrors()
    if (values.clientMode === 'existing') return mutation.mutate({ values, newClient: null })
    const checked = validateWizardClient(values)
    if (checked.ok) return mutation.mutate({ values, newClient: checked.client })
    const step = showFieldErrors(form, checked.errors, false)
    goToStep(step ?? 1)
  }

  return {
    submit,
    isPending: mutation.isPending,
    /** The last server refusal: the plan limit stays visible in the dialog, not only in a toast. */
    failure: isApiError(mutation.error) ? mutation.error : null,
    reset: () => {
      mutation.reset()
      createdClientId.current = null
    },
  }
}
