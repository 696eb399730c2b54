import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import {
  type AuditRecord,
  applicationAuditTrailCall,
  auditHistoryCall,
  COMPLIANCE_MESSAGES,
  getRetentionCall,
  termsCall,
  verifyAuditChainCall,
} from '#shared/contracts/compliance.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { COMPLIANCE_TERMS } from '#shared/terms/compliance-terms.ts'
import { mockApi, SAMPLE_USER, type Stub, stub, stubFile } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { VIEW_APPLICATION_AUDIT } from './audit-record-item.tsx'

const APPLICATION_ID = '00000000-0000-4000-8000-000000000123'
/** A colleague with no event on the loaded pages. */
const COLLEAGUE_ID = '00000000-0000-4000-8000-0000000000c1'

function record(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    action: 'created',
    dataAccessed: 'Application',
    actionDescription: 'Created an application',
    createdAt: '2026-03-02T14:00:00.000Z',
    applicationId: APPLICATION_ID,
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    fileName: null,
    event: 'application.created',
    actorUserId: SAMPLE_USER.id,
    actorName: 'Dana Reyes',
    entityType: 'application',
    entityId: APPLICATION_ID,
    sequence: 4,
    redacted: false,
    ...overrides,
  }
}

function mockCompliance(...extra: Stub[]) {
  const history = [
    record({
      id: '00000000-0000-4000-8000-000000000002',
      action: 'viewed',
      event: 'client.viewed',
      actionDescription: 'Viewed a client’s details',
      applicationId: null,
      sequence: 5,
    }),
    record(),
  ]
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(auditHistoryCall, { body: { data: history, auditHistory: history, nextCursor: null } }),
    stub(applicationAuditTrailCall, { body: { data: [record()] } }),
    stub(termsCall, { body: { data: COMPLIANCE_TERMS } }),
    stub(getRetentionCall, { body: { retentionYears: 7 } }),
    stub(listAgencyUsersCall, {
      body: {
        users: [
          {
            id: COLLEAGUE_ID,
            name: 'Quinn Newhire',
            email: 'quinn@example.com',
            role: 'agent',
            disabled: false,
          },
          {
            id: SAMPLE_USER.id,
            name: 'Dana Reyes',
            email: SAMPLE_USER.email,
            role: 'agency_admin',
            disabled: false,
          },
        ],
      },
    }),
    ...extra,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('Compliance & Audit page', () => {
  it('shows the spec’s three tabs, the history first', async () => {
    mockCompliance()
    renderApp('/compliance')
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance & Audit' })).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Audit History',
      'Application Audit Trail',
      'Terms & Compliance',
    ])
    expect(await screen.findByText('Viewed a client’s details')).toBeInTheDocument()
  })

  it('offers every user of the agency in the user filter, one with no events loaded too', async () => {
    const fetchMock = mockCompliance()
    renderApp('/compliance')
    await screen.findByText('Viewed a client’s details')
    const select = document.getElementById('audit-user') as HTMLSelectElement
    await waitFor(() =>
      expect([...select.options].map((option) => option.textContent)).toContain('Quinn Newhire'),
    )
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Everyone',
      'Dana Reyes (me)',
      'Quinn Newhire',
    ])
    fireEvent.change(select, { target: { value: COLLEAGUE_ID } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`userId=${COLLEAGUE_ID}`))).toBe(true),
    )
  })

  it('says why an export was refused', async () => {
    mockCompliance(
      stubFile('GET', '/api/compliance/audit-history.csv', {
        status: 400,
        body: { message: COMPLIANCE_MESSAGES.exportTooLarge },
      }),
    )
    renderApp('/compliance')
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText(COMPLIANCE_MESSAGES.exportFailed)).toBeInTheDocument()
    expect(screen.getByText(COMPLIANCE_MESSAGES.exportTooLarge)).toBeInTheDocument()
  })

  it('follows View Application Audit to the trail of that application and downloads its report', async () => {
    const fetchMock = mockCompliance(
      stubFile('GET', `/api/compliance/report/${APPLICATION_ID}`, {
        body: { reportType: 'application-compliance-report' },
      }),
    )
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }))
    const { router } = renderApp('/compliance')
    const buttons = await screen.findAllByRole('button', { name: VIEW_APPLICATION_AUDIT })
    expect(buttons).toHaveLength(1)
    fireEvent.click(buttons[0]!)
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?tab=trail&applicationId=${APPLICATION_ID}`),
    )
    expect(screen.getByRole('tab', { name: 'Application Audit Trail' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const trail = await screen.findByRole('list', { name: 'Audit trail' })
    expect(within(trail).getByText('Created an application')).toBeInTheDocument()
    const trailCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/compliance/audit?'))
    expect(String(trailCall![0])).toContain(`applicationId=${APPLICATION_ID}`)
    fireEvent.click(screen.getByRole('button', { name: 'Download compliance report' }))
    expect(await screen.findByText(COMPLIANCE_MESSAGES.reportDownloaded)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Download application data' }))
    expect(await screen.findByText(COMPLIANCE_MESSAGES.dataFailed)).toBeInTheDocument()
  })

  it('prompts for a selection on the trail tab, and shows the empty states', async () => {
    mockCompliance(
      stub(auditHistoryCall, { body: { data: [], auditHistory: [], nextCursor: null } }),
      stub(applicationAuditTrailCall, { body: { data: [] } }),
    )
    renderApp('/compliance?tab=trail')
    expect(await screen.findByText(COMPLIANCE_MESSAGES.selectApplication)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Audit History' }))
    expect(await screen.findByText(COMPLIANCE_MESSAGES.noAuditRecords)).toBeInTheDocument()
  })

  it('names the first bad event when Verify integrity finds one', async () => {
    mockCompliance(
      stub(verifyAuditChainCall, {
        body: { ok: false, firstBadEvent: { id: 'e-7', sequence: 7, problem: 'altered' }, verifiedEvents: 6 },
      }),
    )
    renderApp('/compliance?tab=terms')
    expect(await screen.findByText('Electronic signature consent')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /NY DFS Cybersecurity Regulation/ })).toHaveAttribute(
      'href',
      'https://www.dfs.ny.gov/industry_guidance/cybersecurity',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Verify integrity' }))
    expect(
      await screen.findByText('The audit log is broken at event #7 (e-7): it was altered.'),
    ).toBeInTheDocument()
  })
})
