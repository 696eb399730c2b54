import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { listApplicationsCall } from '#shared/contracts/applications.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { mockApplicationsApi, sampleListItem } from '#web/features/applications/applications.test-support.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { stub } from '#web/testing/mock-api.ts'
import { RecentApplications } from './recent-applications.tsx'

function renderRecent(onBulkSubmit?: (application: ReturnType<typeof sampleListItem>) => void) {
  mockApplicationsApi(stub(listApplicationsCall, { body: { data: [sampleListItem()], nextCursor: null } }))
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RecentApplications onBulkSubmit={onBulkSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('Recent Applications', () => {
  it('has no Smart Submit without a bulk submission handler', async () => {
    renderRecent()
    expect(await screen.findByRole('link', { name: 'View application for Ana Lopez' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: new RegExp(BULK_TEXTS.smartSubmit) })).toBeNull()
  })

  it('hands the row to the bulk submission handler', async () => {
    const onBulkSubmit = vi.fn()
    renderRecent(onBulkSubmit)
    fireEvent.click(await screen.findByRole('button', { name: `${BULK_TEXTS.smartSubmit} for Ana Lopez` }))
    expect(onBulkSubmit).toHaveBeenCalledWith(sampleListItem())
  })
})
