import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'

export const CLIENT: [label: string, value: string][] = [
  ['First name', 'Ana'],
  ['Last name', 'Lopez'],
  ['Email', 'ana@example.com'],
  ['Phone', '5550102030'],
  ['Date of birth', '1990-02-14'],
  ['SSN', '123-45-6789'],
  ['Address', '1 Main Street'],
  ['City', 'Austin'],
  ['State', 'TX'],
  ['ZIP code', '78701'],
]

export function wizardDialog() {
  return screen.findByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })
}

export const button = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('button', { name })
export const queryButton = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).queryByRole('button', { name })

export function fillClient(dialog: HTMLElement, fields = CLIENT) {
  for (const [label, value] of fields) {
    fireEvent.change(within(dialog).getByLabelText(label, { exact: true }), { target: { value } })
  }
}

export function next(dialog: HTMLElement) {
  const nextButton = button(dialog, 'Next')
  expect(nextButton).toBeEnabled()
  fireEvent.click(nextButton)
}

/** Insurance type, a new client, coverage details: the wizard lands on Carrier Selection. */
export async function walkToCarriers(dialog: HTMLElement, type = 'Auto') {
  fireEvent.click(within(dialog).getByRole('radio', { name: type }))
  next(dialog)
  fillClient(dialog)
  next(dialog)
  await within(dialog).findByText(`${type} details`)
  next(dialog)
  await within(dialog).findByText('Submission type')
}
