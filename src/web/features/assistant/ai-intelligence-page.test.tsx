import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '#web/lib/query-client.ts'
import { AiIntelligencePage, DEMO_LABEL } from './ai-intelligence-page.tsx'
import { CANNED_DECISION, CLAIMS_DEMO_DELAY_MS } from './ai-intelligence-samples.ts'

describe('AI Intelligence', () => {
  it('labels every card a demo and answers the claim after 2 seconds, without a server call', () => {
    vi.useFakeTimers()
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AiIntelligencePage />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    expect(screen.getAllByText(DEMO_LABEL)).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Claim' }))
    expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeDisabled()
    act(() => vi.advanceTimersByTime(CLAIMS_DEMO_DELAY_MS - 1))
    expect(screen.queryByText(CANNED_DECISION.decision)).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByText(CANNED_DECISION.decision)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
