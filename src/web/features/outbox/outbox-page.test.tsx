import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { listOutboxCall, type OutboxMessage } from '#shared/contracts/outbox.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { OUTBOX_TEXTS } from './outbox-page.tsx'

const KEPT: OutboxMessage = {
  id: 'm1',
  to: 'submissions@cheapmutual.example',
  subject: 'Auto application for Ana Lopez',
  status: 'kept',
  createdAt: '2025-01-05T12:00:00.000Z',
  sentAt: null,
  attachments: [{ documentId: 'doc-1', filename: 'application-ana-lopez.pdf' }],
}
const SENT: OutboxMessage = {
  ...KEPT,
  id: 'm2',
  subject: 'Life application for Bo Kim',
  status: 'sent',
  sentAt: '2025-01-06T12:00:00.000Z',
  attachments: [],
}

function renderOutbox(answer: { messages: OutboxMessage[]; smtpConfigured: boolean }) {
  mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listOutboxCall, { body: answer }),
  )
  renderApp('/outbox')
}

describe('Outbox', () => {
  it('says when there is nothing yet', async () => {
    renderOutbox({ messages: [], smtpConfigured: true })
    expect(await screen.findByText(OUTBOX_TEXTS.empty)).toBeInTheDocument()
    expect(screen.queryByText(OUTBOX_TEXTS.smtpMissing)).toBeNull()
  })

  it('explains that messages are kept without SMTP, and lists them with their packets', async () => {
    renderOutbox({ messages: [KEPT, SENT], smtpConfigured: false })
    expect(await screen.findByText(OUTBOX_TEXTS.smtpMissing)).toBeInTheDocument()
    const kept = screen.getByRole('article', { name: KEPT.subject })
    expect(kept).toHaveTextContent(`To ${KEPT.to}`)
    expect(within(kept).getByText('Kept')).toBeInTheDocument()
    expect(within(kept).getByRole('link', { name: 'application-ana-lopez.pdf' })).toHaveAttribute(
      'href',
      documentDownloadPath('doc-1'),
    )
    const sent = screen.getByRole('article', { name: SENT.subject })
    expect(within(sent).getByText('Sent')).toBeInTheDocument()
    expect(sent).toHaveTextContent(/Sent Jan 6, 2025/)
    expect(within(sent).queryByRole('link')).toBeNull()
  })

  it('is in the menu', async () => {
    renderOutbox({ messages: [], smtpConfigured: true })
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/outbox')
  })
})
