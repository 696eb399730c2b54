import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import {
  createReviewCall,
  deleteReviewCall,
  listPostsCall,
  listPracticesCall,
  listReviewsCall,
  MARKETPLACE_TEXTS as T,
  updateReviewCall,
  voteReviewCall,
} from '#shared/contracts/marketplace.contract.ts'
import { listModerationCall } from '#shared/contracts/marketplace-community.contract.ts'
import { mockApplicationsApi, sampleCarrier } from '#web/features/applications/applications.test-support.ts'
import { SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { samplePost, sampleReview } from './marketplace.test-support.ts'

const CARRIER = sampleCarrier({
  id: 'b1f0c6a4-5c1e-4c7e-9f7a-1a2b3c4d5e6f',
  name: 'Granite Mutual',
  isCatalogue: true,
})
const EMPTY = { body: { data: [], nextCursor: null } }
const pending = () => new Promise<never>(() => {})

function mockMarketplace(...extra: Stub[]) {
  return mockApplicationsApi(
    stub(listCarriersCall, { body: { data: [CARRIER] } }),
    stub(listReviewsCall, EMPTY),
    stub(listPracticesCall, EMPTY),
    stub(listPostsCall, EMPTY),
    ...extra,
  )
}

const requests = (fetchMock: ReturnType<typeof mockMarketplace>, method: string, path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path)

describe('Agent Marketplace page', () => {
  it('shows 4 skeletons for reviews and 3 for the other lists while they load', async () => {
    mockMarketplace(
      stub(listReviewsCall, pending),
      stub(listPracticesCall, pending),
      stub(listPostsCall, pending),
    )
    renderApp('/agent-marketplace')
    const panel = () => screen.getByRole('tabpanel')
    await waitFor(() => expect(within(panel()).getAllByTestId('marketplace-skeleton')).toHaveLength(4))
    fireEvent.click(screen.getByRole('tab', { name: T.tabPractices }))
    await waitFor(() => expect(within(panel()).getAllByTestId('marketplace-skeleton')).toHaveLength(3))
    fireEvent.click(screen.getByRole('tab', { name: T.tabPosts }))
    await waitFor(() => expect(within(panel()).getAllByTestId('marketplace-skeleton')).toHaveLength(3))
  })

  it('shows the empty state, and a different one when filters find nothing', async () => {
    const fetchMock = mockMarketplace()
    renderApp('/agent-marketplace')
    expect(await screen.findByText(T.emptyReviews)).toBeInTheDocument()
    expect(screen.getByText(T.emptyStart)).toBeInTheDocument()
    // An agency admin is no moderator of the community.
    expect(screen.queryByRole('tab', { name: 'Moderation' })).not.toBeInTheDocument()
    fireEvent.change(screen.getByRole('combobox', { name: 'Carrier' }), { target: { value: CARRIER.id } })
    expect(await screen.findByText(T.emptyFiltered)).toBeInTheDocument()
    const asked = requests(fetchMock, 'GET', '/api/marketplace/reviews').at(-1)!.url.searchParams
    expect(asked.get('carrierId')).toBe(CARRIER.id)
    expect(asked.get('sort')).toBe('newest')
  })

  it('shows a review with every field, and votes helpful', async () => {
    let review = sampleReview()
    const fetchMock = mockMarketplace(
      stub(listReviewsCall, () => ({ body: { data: [review], nextCursor: null } })),
      stub(voteReviewCall, () => {
        review = sampleReview({ helpfulVotes: 4, totalVotes: 6, myVote: true })
        return { body: { id: 'r1', helpfulVotes: 4, totalVotes: 6, myVote: true } }
      }),
    )
    renderApp('/agent-marketplace')
    const card = await screen.findByRole('article', { name: 'Fast answers' })
    const view = within(card)
    expect(view.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    for (const text of [
      '4/5',
      T.verified,
      'Expert',
      'Granite Mutual',
      'Sam T.',
      'Quotes in a day.',
      'quick',
      'slow portal',
      '#auto',
    ])
      expect(view.getByText(text, { exact: false })).toBeInTheDocument()
    expect(view.getByText(/median 4.5 days from submission to decision/)).toBeInTheDocument()
    expect(view.getByText('5 votes')).toBeInTheDocument()
    fireEvent.click(view.getByRole('button', { name: 'Helpful (3)' }))
    expect(await view.findByRole('button', { name: 'Helpful (4)', pressed: true })).toBeInTheDocument()
    expect(requests(fetchMock, 'POST', '/api/marketplace/reviews/r1/vote')[0]!.init?.body).toBe(
      '{"helpful":true}',
    )
  })

  it('shows an anonymous post as Anonymous with its type, counts and carriers', async () => {
    mockMarketplace(stub(listPostsCall, { body: { data: [samplePost()], nextCursor: null } }))
    renderApp('/agent-marketplace')
    fireEvent.click(await screen.findByRole('tab', { name: T.tabPosts }))
    const view = within(await screen.findByRole('article', { name: 'Watch roof ages' }))
    for (const text of ['Warning', T.anonymous, '12 views', '2 replies', 'Granite Mutual', '#roofs'])
      expect(view.getByText(text, { exact: false })).toBeInTheDocument()
    expect(view.getByRole('button', { name: T.reply })).toBeInTheDocument()
  })

  it('adds a review with the spec’s defaults, its comma lists parsed and blank items dropped', async () => {
    const fetchMock = mockMarketplace(stub(createReviewCall, { status: 201, body: sampleReview() }))
    renderApp('/agent-marketplace')
    fireEvent.click(await screen.findByRole('button', { name: T.addReview }))
    const dialog = await screen.findByRole('dialog', { name: T.addReview })
    const form = within(dialog)
    expect(form.getByLabelText('Rating')).toHaveValue('5')
    expect(form.getByLabelText('Experience level')).toHaveValue('intermediate')
    await waitFor(() => expect(form.getByRole('option', { name: 'Granite Mutual' })).toBeInTheDocument())
    fireEvent.change(form.getByLabelText('Carrier'), { target: { value: CARRIER.id } })
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Fast answers' } })
    fireEvent.change(form.getByLabelText('Review'), { target: { value: 'Quotes in a day.' } })
    fireEvent.change(form.getByLabelText('Pros'), { target: { value: 'quick, , friendly ,' } })
    fireEvent.change(form.getByLabelText('Tags'), { target: { value: ' auto ,life' } })
    fireEvent.click(form.getByRole('button', { name: T.addReview }))
    await waitFor(() => expect(requests(fetchMock, 'POST', '/api/marketplace/reviews')).toHaveLength(1))
    expect(
      JSON.parse(String(requests(fetchMock, 'POST', '/api/marketplace/reviews')[0]!.init?.body)),
    ).toEqual({
      carrierId: CARRIER.id,
      rating: 5,
      title: 'Fast answers',
      review: 'Quotes in a day.',
      pros: ['quick', 'friendly'],
      cons: [],
      experienceLevel: 'intermediate',
      tags: ['auto', 'life'],
    })
    expect(await screen.findByText(T.reviewAdded)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('keeps the dialog open with the messages when the title or text is missing', async () => {
    const fetchMock = mockMarketplace()
    renderApp('/agent-marketplace')
    fireEvent.click(await screen.findByRole('tab', { name: T.tabPosts }))
    fireEvent.click(await screen.findByRole('button', { name: T.newPost }))
    const dialog = within(await screen.findByRole('dialog', { name: T.newPost }))
    expect(dialog.getByLabelText('Post type')).toHaveValue('tip')
    expect(dialog.getByRole('checkbox', { name: /Post anonymously/ })).not.toBeChecked()
    fireEvent.click(dialog.getByRole('button', { name: T.newPost }))
    expect(await dialog.findByText(T.titleRequired)).toBeInTheDocument()
    expect(dialog.getByText(T.contentRequired)).toBeInTheDocument()
    expect(requests(fetchMock, 'POST', '/api/marketplace/posts')).toHaveLength(0)
  })

  it('lets the author edit their review, the dialog filled with it, and delete it after confirming', async () => {
    const mine = sampleReview({ isMine: true, pros: ['quick', 'kind'] })
    const fetchMock = mockMarketplace(
      stub(listReviewsCall, { body: { data: [mine], nextCursor: null } }),
      stub(updateReviewCall, { body: { ...mine, title: 'Faster answers' } }),
      stub(deleteReviewCall, { body: { deleted: true } }),
    )
    renderApp('/agent-marketplace')
    const card = within(await screen.findByRole('article', { name: 'Fast answers' }))
    expect(card.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument()
    fireEvent.click(card.getByRole('button', { name: /^Edit/ }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Review' }))
    expect(dialog.getByLabelText('Title')).toHaveValue('Fast answers')
    expect(dialog.getByLabelText('Pros')).toHaveValue('quick, kind')
    expect(dialog.getByLabelText('Rating')).toHaveValue('4')
    fireEvent.change(dialog.getByLabelText('Title'), { target: { value: 'Faster answers' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save Review' }))
    await waitFor(() => expect(requests(fetchMock, 'PUT', '/api/marketplace/reviews/r1')).toHaveLength(1))
    expect(
      JSON.parse(String(requests(fetchMock, 'PUT', '/api/marketplace/reviews/r1')[0]!.init?.body)),
    ).toMatchObject({
      title: 'Faster answers',
      pros: ['quick', 'kind'],
      rating: 4,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    fireEvent.click(card.getByRole('button', { name: /^Delete/ }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await waitFor(() => expect(requests(fetchMock, 'DELETE', '/api/marketplace/reviews/r1')).toHaveLength(1))
  })

  it('offers the moderation tab to platform admins only', async () => {
    mockMarketplace(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'platform_admin' } }),
      stub(listModerationCall, { body: { data: [] } }),
    )
    renderApp('/agent-marketplace')
    fireEvent.click(await screen.findByRole('tab', { name: 'Moderation' }))
    expect(await screen.findByText('Nothing is waiting for moderation.')).toBeInTheDocument()
  })
})
