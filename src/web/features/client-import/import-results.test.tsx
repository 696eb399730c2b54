import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ImportResult } from '#shared/contracts/client-import.contract.ts'
import { ImportResults, LIST_LIMIT, successRate } from './import-results.tsx'

const RESULT: ImportResult = {
  success: true,
  totalRows: 3,
  successCount: 2,
  imported: ['Ana Silva <ana@example.com>', 'Omar Haddad <omar@example.com>'],
  duplicates: ['Row 4: maria@example.com'],
  errors: [
    { row: 5, message: 'Email is not a valid email address', field: 'Email' },
    { row: 6, message: 'The row is empty' },
  ],
}

describe('ImportResults', () => {
  it.each([
    [2, 3, '67%'],
    [1, 3, '33%'],
    [1, 8, '13%'],
    [3, 3, '100%'],
    [0, 0, '0%'],
  ])('rounds %i of %i to %s', (successCount, totalRows, rate) => {
    expect(successRate({ successCount, totalRows })).toBe(rate)
  })

  it('shows the state, the figures and the three lists', () => {
    render(<ImportResults result={RESULT} />)
    expect(screen.getByRole('heading', { name: 'Import successful' })).toBeInTheDocument()
    expect(screen.getByText('Total Rows').nextSibling).toHaveTextContent('3')
    expect(screen.getByText('Imported').nextSibling).toHaveTextContent('2')
    expect(screen.getByText('Success Rate').nextSibling).toHaveTextContent('67%')
    const imported = within(screen.getByRole('list', { name: 'Imported clients' })).getAllByRole('listitem')
    expect(imported.map((item) => item.textContent)).toEqual(RESULT.imported)
    const duplicates = within(screen.getByRole('list', { name: 'Duplicates skipped' })).getAllByRole(
      'listitem',
    )
    expect(duplicates.map((item) => item.textContent)).toEqual(['Row 4: maria@example.com'])
    const errors = within(screen.getByRole('list', { name: 'Errors' })).getAllByRole('listitem')
    expect(errors.map((item) => item.textContent)).toEqual([
      'Row 5 (Email): Email is not a valid email address',
      'Row 6: The row is empty',
    ])
  })

  it('says the import failed and leaves out empty lists', () => {
    render(
      <ImportResults result={{ ...RESULT, success: false, successCount: 0, imported: [], duplicates: [] }} />,
    )
    expect(screen.getByRole('heading', { name: 'Import failed' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Imported clients' })).not.toBeInTheDocument()
    expect(screen.getByText('Success Rate').nextSibling).toHaveTextContent('0%')
  })

  it('cuts a long list short and says how many more there are', () => {
    const imported = Array.from({ length: LIST_LIMIT + 7 }, (_, index) => `Client ${index}`)
    render(
      <ImportResults
        result={{ ...RESULT, imported, totalRows: imported.length, successCount: imported.length }}
      />,
    )
    const items = within(screen.getByRole('list', { name: 'Imported clients' })).getAllByRole('listitem')
    expect(items).toHaveLength(LIST_LIMIT + 1)
    expect(items.at(-1)).toHaveTextContent('…and 7 more')
  })
})
