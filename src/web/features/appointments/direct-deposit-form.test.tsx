import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  BANKS,
  DIRECT_DEPOSIT_TEXTS,
  getDirectDepositCall,
  revealDirectDepositCall,
  saveDirectDepositCall,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { mockAppointmentsApi, requestsTo, SAVED_DEPOSIT } from './appointments.test-support.ts'
import { REVEAL_NOTE } from './direct-deposit-saved.tsx'

const D = DIRECT_DEPOSIT_TEXTS
const PATH = '/api/appointments/direct-deposit'

async function openForm() {
  renderApp('/appointments?tab=documents')
  return screen.findByRole('form', { name: 'Direct deposit' })
}

function fill(form: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values))
    fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } })
}

describe('Direct deposit', () => {
  it('shows each spec message on an empty save and sends nothing', async () => {
    const fetchMock = mockAppointmentsApi()
    const form = await openForm()
    fireEvent.click(within(form).getByRole('button', { name: 'Save Direct Deposit' }))
    for (const message of [
      D.bankName,
      D.routingNumber,
      D.accountNumber,
      D.confirmAccountNumber,
      D.accountHolderName,
      D.agreeToTerms,
    ])
      expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', PATH)).toHaveLength(0)
  })

  it("lists the spec's banks, limits the numbers, and asks Other for the bank's name", async () => {
    mockAppointmentsApi()
    const form = await openForm()
    const bank = within(form).getByRole('combobox', { name: 'Bank' })
    expect(
      within(bank)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual([...BANKS])
    expect(within(form).getByRole('textbox', { name: 'Routing number' })).toHaveAttribute(
      'inputmode',
      'numeric',
    )
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveAttribute('maxlength', '17')
    expect(within(form).queryByRole('textbox', { name: 'Bank name' })).toBeNull()
    fireEvent.change(bank, { target: { value: 'Other' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save Direct Deposit' }))
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Bank name' })).toHaveAccessibleDescription(
        D.bankName,
      ),
    )
    // The select itself carries no message while Other asks for the name.
    expect(bank).not.toHaveAccessibleDescription(D.bankName)
  })

  it('refuses a routing number that fails the checksum and mismatched account numbers', async () => {
    mockAppointmentsApi()
    const form = await openForm()
    fill(form, {
      'Routing number': '123456789',
      'Account number': '12345678',
      'Confirm account number': '12345679',
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Save Direct Deposit' }))
    expect(await within(form).findByText(D.routingChecksum)).toBeInTheDocument()
    expect(within(form).getByText(D.accountsMatch)).toBeInTheDocument()
  })

  it('saves with PUT, then shows the account masked', async () => {
    const fetchMock = mockAppointmentsApi(stub(saveDirectDepositCall, { body: SAVED_DEPOSIT }))
    const form = await openForm()
    fireEvent.change(within(form).getByRole('combobox', { name: 'Bank' }), {
      target: { value: 'Chase Bank' },
    })
    fireEvent.click(within(form).getByRole('radio', { name: 'Savings' }))
    fill(form, {
      'Routing number': '021000021',
      'Account number': '000123456789',
      'Confirm account number': '000123456789',
      'Account holder name': 'Dana Reyes',
    })
    fireEvent.click(within(form).getByRole('checkbox'))
    fireEvent.click(within(form).getByRole('button', { name: 'Save Direct Deposit' }))
    expect(await screen.findByText(D.saved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', PATH)[0]?.body).toEqual({
      bankName: 'Chase Bank',
      accountType: 'savings',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      accountHolderName: 'Dana Reyes',
      agreeToTerms: true,
    })
    const saved = screen.getByRole('region', { name: 'Account on file' })
    expect(within(saved).getByText(SAVED_DEPOSIT.accountNumberMasked)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveValue('')
  })

  it("toasts a refused save and puts the server's messages on the fields", async () => {
    mockAppointmentsApi(
      stub(saveDirectDepositCall, {
        status: 400,
        body: { message: 'Invalid input', errors: [{ path: 'routingNumber', message: D.routingChecksum }] },
      }),
    )
    const form = await openForm()
    fireEvent.change(within(form).getByRole('combobox', { name: 'Bank' }), { target: { value: 'TD Bank' } })
    fill(form, {
      'Routing number': '021000021',
      'Account number': '1234',
      'Confirm account number': '1234',
      'Account holder name': 'Dana Reyes',
    })
    fireEvent.click(within(form).getByRole('checkbox'))
    fireEvent.click(within(form).getByRole('button', { name: 'Save Direct Deposit' }))
    expect(await screen.findByText(D.saveFailed)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Routing number' })).toHaveAccessibleDescription(
      D.routingChecksum,
    )
  })

  it('reveals the saved numbers on request, saying the reveal is audited', async () => {
    const fetchMock = mockAppointmentsApi(
      stub(getDirectDepositCall, { body: { directDeposit: SAVED_DEPOSIT } }),
      stub(revealDirectDepositCall, { body: { routingNumber: '021000021', accountNumber: '000123456789' } }),
    )
    renderApp('/appointments?tab=documents')
    const saved = await screen.findByRole('region', { name: 'Account on file' })
    expect(within(saved).getByText(SAVED_DEPOSIT.routingNumberMasked)).toBeInTheDocument()
    expect(within(saved).getByText(REVEAL_NOTE)).toBeInTheDocument()
    fireEvent.click(within(saved).getByRole('button', { name: 'Reveal' }))
    expect(await within(saved).findByText('000123456789')).toBeInTheDocument()
    expect(within(saved).getByText('021000021')).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `${PATH}/reveal`)).toHaveLength(1)
    // The saved account's bank and holder start the form; the numbers are typed again.
    const form = screen.getByRole('form', { name: 'Direct deposit' })
    expect(within(form).getByRole('combobox', { name: 'Bank' })).toHaveValue('Chase Bank')
    expect(within(form).getByRole('textbox', { name: 'Routing number' })).toHaveValue('')
  })
})
