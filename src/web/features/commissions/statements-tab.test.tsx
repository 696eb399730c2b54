import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listCommissionSchedulesCall } from '#shared/contracts/commissions.contract.ts'
import {
  listStatementsCall,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { FIRST_VISIT } from '#web/features/policies/policies.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { sampleSchedules } from './commissions.test-support.ts'
import { fill, STATEMENT_WORDS as W } from './statement-texts.ts'
import {
  mockStatementsApi,
  STATEMENT_CARRIER,
  STATEMENT_ID,
  sampleStatement,
  screenWidth,
} from './statements.test-support.ts'

const OFF = sampleStatement({
  id: '00000000-0000-4000-b000-000000000002',
  fileName: 'pricey-2026-04.xlsx',
  importedAt: '2026-05-03T15:30:00.000Z',
  lineCount: 1204,
  total: 10450.25,
  statedTotal: 10500,
  tiesOut: false,
  matched: 1180,
  exceptions: 20,
  resolved: 4,
})

const STATEMENTS = { statements: [OFF, sampleStatement()] }

function openStatementsTab() {
  const view = renderApp('/commissions?tab=statements')
  return { ...view, table: screen.findByRole('table', { name: W.listLabel }, FIRST_VISIT) }
}

describe('Commissions › Statements', () => {
  it('lists the statements newest first with their counts, and flags one that does not tie out', async () => {
    mockStatementsApi(stub(listStatementsCall, { body: STATEMENTS }))
    const { table } = openStatementsTab()
    const rows = within(await table)
      .getAllByRole('row')
      .slice(1)
    expect(screen.getByRole('tab', { name: T.statementsTab })).toHaveAttribute('aria-selected', 'true')
    expect(rows[0]).toHaveTextContent(`${STATEMENT_CARRIER.name}pricey-2026-04.xlsxMay 3, 2026`)
    expect(rows[0]).toHaveTextContent('by Dana Reyes1,204$10,450.25$10,500.00')
    expect(rows[0]).toHaveTextContent(fill(T.doesNotTieOut, { total: '$10,450.25', stated: '$10,500.00' }))
    expect(rows[0]).toHaveTextContent(/1,180\s*20\s*4$/)
    expect(rows[1]).toHaveTextContent(W.tiesOut)
    expect(rows[1]).not.toHaveTextContent('does not')
    expect(within(rows[1]!).getByRole('link', { name: 'pricey-2026-03.csv' })).toHaveAttribute(
      'href',
      `/commissions/statements/${STATEMENT_ID}`,
    )
  })

  it('shows the statements as cards on a phone, the flag on the one that does not tie out', async () => {
    screenWidth(390)
    mockStatementsApi(stub(listStatementsCall, { body: STATEMENTS }))
    const { container } = renderApp('/commissions?tab=statements')
    const cards = await screen.findByRole('list', { name: W.listLabel }, FIRST_VISIT)
    expect(screen.queryByRole('table', { name: W.listLabel })).toBeNull()
    const [off, tied] = within(cards).getAllByRole('article')
    expect(off).toHaveAccessibleName(`${STATEMENT_CARRIER.name}: pricey-2026-04.xlsx`)
    expect(off).toHaveTextContent(fill(T.doesNotTieOut, { total: '$10,450.25', stated: '$10,500.00' }))
    expect(off).toHaveTextContent('Exceptions20')
    expect(tied).toHaveTextContent(W.tiesOut)
    expect(within(tied!).getByRole('link')).toHaveAttribute('href', `/commissions/statements/${STATEMENT_ID}`)
    expect(await seriousViolations(container)).toEqual([])
  })

  it('asks for one carrier’s statements when filtered, and says when it has none', async () => {
    const fetchMock = mockStatementsApi(
      stub(listStatementsCall, ({ url }) => ({
        body: url.searchParams.get('carrierId') ? { statements: [] } : STATEMENTS,
      })),
    )
    const { table } = openStatementsTab()
    await table
    fireEvent.change(screen.getByLabelText(W.carrier), { target: { value: STATEMENT_CARRIER.id } })
    expect(await screen.findByText(W.noStatementsForCarrier)).toBeInTheDocument()
    const asked = requestsTo(fetchMock, 'GET', '/api/commissions/statements')
    expect(asked.map(({ url }) => url.searchParams.get('carrierId'))).toEqual([null, STATEMENT_CARRIER.id])
  })

  it('keeps the chosen tab in the address, and asks for statements only once their tab is shown', async () => {
    const fetchMock = mockStatementsApi(
      stub(listCommissionSchedulesCall, { body: sampleSchedules() }),
      stub(listStatementsCall, { body: STATEMENTS }),
    )
    const { router } = renderApp('/commissions')
    fireEvent.click(await screen.findByRole('tab', { name: T.statementsTab }, FIRST_VISIT))
    expect(router.state.location.search).toBe('?tab=statements')
    expect(await screen.findByRole('table', { name: W.listLabel })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Schedules' }))
    expect(router.state.location.search).toBe('')
    expect(requestsTo(fetchMock, 'GET', '/api/commissions/statements')).toHaveLength(1)
  })

  it('says there are no statements yet', async () => {
    mockStatementsApi(stub(listStatementsCall, { body: { statements: [] } }))
    renderApp('/commissions?tab=statements')
    expect(await screen.findByText(W.noStatements, {}, FIRST_VISIT)).toBeInTheDocument()
  })

  it('has no serious or critical axe violations on a wide screen', async () => {
    mockStatementsApi(stub(listStatementsCall, { body: STATEMENTS }))
    const { container, table } = openStatementsTab()
    await table
    expect(await seriousViolations(container)).toEqual([])
  })
})
