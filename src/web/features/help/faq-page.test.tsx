import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getContactInfoCall } from '#shared/contracts/contact.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { FAQ_CATEGORIES, FAQ_TEXTS } from '#shared/help/faq.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

function open() {
  mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getContactInfoCall, {
      body: { supportEmail: 'help@example.com', companyName: 'Agency Back Office' },
    }),
  )
  renderApp('/faq')
}

describe('FAQ', () => {
  it('has the six categories of four questions', async () => {
    open()
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Getting Started',
      'Carriers & Applications',
      'Compliance & Security',
      'Billing & Subscriptions',
      'Technical Support',
      'Common Issues',
    ])
    expect(FAQ_CATEGORIES.every((category) => category.entries.length === 4)).toBe(true)
    fireEvent.click(screen.getByRole('tab', { name: 'Common Issues' }))
    expect(within(screen.getByRole('list', { name: 'Common Issues' })).getAllByRole('listitem')).toHaveLength(
      4,
    )
  })

  it('searches questions and answers in every category, whatever the capitals, with a count', async () => {
    open()
    fireEvent.change(await screen.findByRole('searchbox', { name: FAQ_TEXTS.searchLabel }), {
      target: { value: 'TWO-FACTOR' },
    })
    const results = screen.getByRole('list', { name: 'Matching questions' })
    const questions = within(results)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('summary')?.textContent)
    expect(questions).toEqual(
      expect.arrayContaining(['Can I turn on two-factor sign-in?Compliance & Security']),
    )
    expect(screen.getByRole('status')).toHaveTextContent(FAQ_TEXTS.resultCount(questions.length))
  })

  it('says so when nothing matches, and shows the Email Support card', async () => {
    open()
    fireEvent.change(await screen.findByRole('searchbox', { name: FAQ_TEXTS.searchLabel }), {
      target: { value: 'quantum teleportation' },
    })
    expect(screen.getByRole('status')).toHaveTextContent(FAQ_TEXTS.noResults)
    expect(screen.getByRole('heading', { name: FAQ_TEXTS.emailSupportTitle })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    )
  })
})
