import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type DataColumn, DataTable } from './data-table.tsx'

interface Carrier {
  id: string
  name: string
  rating: number
}

const ROWS: Carrier[] = [
  { id: 'a', name: 'Beta Mutual', rating: 3 },
  { id: 'b', name: 'Alpha Life', rating: 5 },
  { id: 'c', name: 'Gamma Re', rating: 4 },
]

const COLUMNS: DataColumn<Carrier>[] = [
  { key: 'name', header: 'Carrier', cell: (row) => row.name },
  { key: 'rating', header: 'Rating', cell: (row) => `${row.rating} stars`, sortValue: (row) => row.rating },
]

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('DataTable', () => {
  it('names the table by its caption or its aria-label, with column headers', () => {
    const { unmount } = render(
      <DataTable label="Carriers" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />,
    )
    expect(screen.getByRole('table', { name: 'Carriers' })).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(['col', 'col'])
    unmount()
    render(
      <DataTable
        label="Carriers"
        labelAs="aria-label"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(row) => row.id}
      />,
    )
    expect(screen.getByRole('table', { name: 'Carriers' })).toHaveAttribute('aria-label', 'Carriers')
    expect(names()).toEqual(['Beta Mutual', 'Alpha Life', 'Gamma Re'])
  })

  it('sorts by a sortable column, ascending then descending, and says so on its header', () => {
    render(<DataTable label="Carriers" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />)
    const header = screen.getByRole('columnheader', { name: 'Rating' })
    fireEvent.click(within(header).getByRole('button', { name: 'Rating' }))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(names()).toEqual(['Beta Mutual', 'Gamma Re', 'Alpha Life'])
    fireEvent.click(within(header).getByRole('button', { name: 'Rating' }))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(names()).toEqual(['Alpha Life', 'Gamma Re', 'Beta Mutual'])
    expect(within(screen.getByRole('columnheader', { name: 'Carrier' })).queryByRole('button')).toBeNull()
  })

  it('lets a keyboard reach its scrolling box only when asked to', () => {
    const { unmount } = render(
      <DataTable label="Carriers" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />,
    )
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    render(
      <DataTable label="Carriers" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} keyboardScroll />,
    )
    expect(screen.getByRole('region', { name: 'Carriers' })).toHaveAttribute('tabindex', '0')
  })
})
