import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  EXCEPTION_KIND_LABELS,
  getStatementCall,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { FIRST_VISIT } from '#web/features/policies/policies.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { fill, STATEMENT_WORDS as W } from './statement-texts.ts'
import {
  exceptionLine,
  MATCHED_POLICY_ID,
  mockStatementsApi,
  STATEMENT_CARRIER,
  STATEMENT_ID,
  sampleLine,
  sampleStatement,
  screenWidth,
} from './statements.test-support.ts'

/** 250 lines: every tenth an exception (the ones ending in 5, rate mismatches) and every 50th resolved. */
const LINES = Array.from({ length: 250 }, (_, n) =>
  n % 10 === 5
    ? exceptionLine(n, n % 20 === 15 ? { exceptionKind: 'rate_mismatch' } : {})
    : n % 50 === 0
      ? sampleLine(n, { status: 'resolved' })
      : sampleLine(n),
)

const STATEMENT = {
  ...sampleStatement({
    lineCount: 250,
    total: 2500,
    statedTotal: 2600,
    tiesOut: false,
    matched: 220,
    exceptions: 25,
    resolved: 5,
  }),
  lines: LINES,
}

async function openStatement() {
  const view = renderApp(`/commissions/statements/${STATEMENT_ID}`)
  await screen.findByRole('heading', { level: 1, name: `${STATEMENT_CARRIER.name} statement` }, FIRST_VISIT)
  return view
}

const table = () => screen.getByRole('table', { name: /^Statement lines, page/ })
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const status = () => screen.getByText(/^Lines \d|^No lines match/)

describe('Statement page', () => {
  // First: it pays for loading the page's code, which the heavier tests then find ready.
  it('says a statement of another agency, or none, is not found', async () => {
    mockStatementsApi(stub(getStatementCall, { status: 404, body: { message: 'Not found' } }))
    renderApp(`/commissions/statements/${STATEMENT_ID}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: W.notFoundTitle }, FIRST_VISIT),
    ).toBeInTheDocument()
    expect(screen.getByText(W.notFound)).toBeInTheDocument()
  })

  it('shows the statement’s sums with the tie-out flag, and the way back to the statements', async () => {
    mockStatementsApi(stub(getStatementCall, { body: STATEMENT }))
    await openStatement()
    expect(screen.getByRole('link', { name: W.back })).toHaveAttribute('href', '/commissions?tab=statements')
    expect(
      screen.getByText(fill(T.doesNotTieOut, { total: '$2,500.00', stated: '$2,600.00' })),
    ).toBeInTheDocument()
    expect(screen.getByText('220 / 25 / 5')).toBeInTheDocument()
    expect(screen.getByText('pricey-2026-03.csv', { selector: 'dd span' })).toBeInTheDocument()
  })

  it('shows the lines a hundred at a time', async () => {
    mockStatementsApi(stub(getStatementCall, { body: STATEMENT }))
    await openStatement()
    expect(status()).toHaveTextContent('Lines 1–100 of 250')
    expect(bodyRows()).toHaveLength(100)
    expect(bodyRows()[0]).toHaveTextContent(/^1PC-000000Insured 0/)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(status()).toHaveTextContent('Lines 101–200 of 250')
    expect(bodyRows()[0]).toHaveTextContent(/^101PC-000100/)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(status()).toHaveTextContent('Lines 201–250 of 250')
    expect(bodyRows()).toHaveLength(50)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(status()).toHaveTextContent('Lines 101–200 of 250')
  })

  it('shows each line’s match: the policy linked with the reason, or the exception with the way to the queue', async () => {
    mockStatementsApi(stub(getStatementCall, { body: STATEMENT }))
    await openStatement()
    const matched = bodyRows()[1]!
    expect(matched).toHaveTextContent('Matched')
    expect(matched).toHaveTextContent(LINES[1]!.matchReason!)
    expect(within(matched).getByRole('link', { name: 'PC1' })).toHaveAttribute(
      'href',
      `/policies/${MATCHED_POLICY_ID}`,
    )
    const exception = bodyRows()[5]!
    expect(exception).toHaveTextContent(`Exception${EXCEPTION_KIND_LABELS.unmatched}`)
    expect(within(exception).getByRole('link', { name: 'Work the exception of row 6' })).toHaveAttribute(
      'href',
      '/commissions?tab=exceptions',
    )
    expect(bodyRows()[15]).toHaveTextContent(EXCEPTION_KIND_LABELS.rate_mismatch)
    expect(within(bodyRows()[0]!).queryByRole('link', { name: /^Work the exception/ })).toBeNull()
  })

  it('filters the lines by status and by a search, back on the first page each time', async () => {
    mockStatementsApi(stub(getStatementCall, { body: STATEMENT }))
    await openStatement()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    fireEvent.click(screen.getByRole('button', { name: /^Exception\s*25$/ }))
    expect(screen.getByRole('button', { name: /^Exception/ })).toHaveAttribute('aria-pressed', 'true')
    expect(status()).toHaveTextContent('Lines 1–25 of 25')
    expect(bodyRows().every((row) => row.textContent?.includes('Exception'))).toBe(true)
    expect(screen.queryByRole('navigation', { name: 'Pages of lines' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: /^Resolved/ }))
    expect(bodyRows().map((row) => (row as HTMLTableRowElement).cells[0]?.textContent)).toEqual([
      '1',
      '51',
      '101',
      '151',
      '201',
    ])

    fireEvent.click(screen.getByRole('button', { name: /^All/ }))
    const search = screen.getByRole('searchbox', { name: 'Search the lines' })
    fireEvent.change(search, { target: { value: 'insured 12' } })
    expect(await screen.findByText('Lines 1–11 of 11')).toBeInTheDocument()
    fireEvent.change(search, { target: { value: 'pc-000007' } })
    expect(await screen.findByText('Lines 1–1 of 1')).toBeInTheDocument()
    expect(bodyRows()[0]).toHaveTextContent(/^8PC-000007/)
    fireEvent.change(search, { target: { value: 'nobody' } })
    expect(await screen.findByText('No lines match')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: /^Statement lines/ })).toBeNull()
  })

  it('shows a page of lines as cards on a phone, with their match and the pages', async () => {
    screenWidth(390)
    mockStatementsApi(stub(getStatementCall, { body: STATEMENT }))
    await openStatement()
    expect(screen.queryByRole('table', { name: /^Statement lines/ })).toBeNull()
    const cards = () =>
      within(screen.getByRole('list', { name: /^Statement lines, page/ })).getAllByRole('article')
    expect(cards()).toHaveLength(100)
    const exception = cards()[5]!
    expect(exception).toHaveAccessibleName('Row 6')
    expect(exception).toHaveTextContent(EXCEPTION_KIND_LABELS.unmatched)
    expect(within(exception).getByRole('link', { name: 'Work the exception of row 6' })).toBeInTheDocument()
    expect(within(cards()[1]!).getByRole('link', { name: 'PC1' })).toHaveAttribute(
      'href',
      `/policies/${MATCHED_POLICY_ID}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(cards()[0]).toHaveAccessibleName('Row 101')
  })

  it.each([
    ['a wide screen', 1280],
    ['a phone', 390],
  ])('has no serious or critical axe violations on %s', async (_screen, width) => {
    screenWidth(width)
    mockStatementsApi(stub(getStatementCall, { body: { ...STATEMENT, lines: LINES.slice(0, 20) } }))
    const { container } = await openStatement()
    expect(await seriousViolations(container)).toEqual([])
  })
})
