import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listClientsCall } from '#shared/contracts/clients.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { SKELETON_CARDS } from './client-grid.tsx'
import { CLIENT_ID, listItem, mockClientsApi, requestsTo } from './clients.test-support.ts'

describe('Clients page', () => {
  it('shows the title, the summary figures and a card per client', async () => {
    mockClientsApi(
      stub(listClientsCall, {
        body: {
          data: [
            listItem(),
            listItem({ id: 'c2', firstName: 'james', lastName: 'Whitaker', applicationCount: 1 }),
          ],
          nextCursor: null,
        },
      }),
    )
    renderApp('/clients')
    expect(await screen.findByRole('heading', { level: 1, name: CLIENT_MESSAGES.title })).toBeInTheDocument()
    expect(screen.getByText(CLIENT_MESSAGES.subtitle)).toBeInTheDocument()
    const cards = Array.from((await screen.findByRole('list', { name: 'Clients' })).children) as HTMLElement[]
    expect(cards).toHaveLength(2)
    const maria = within(cards[0]!)
    expect(maria.getByRole('heading', { name: 'Maria Gonzalez' })).toBeInTheDocument()
    expect(maria.getByText('MG')).toBeInTheDocument()
    expect(maria.getByText('Client since Nov 21, 2026')).toBeInTheDocument()
    expect(maria.getByText('maria.gonzalez@example.com')).toBeInTheDocument()
    expect(maria.getByText('(555) 010-2000')).toBeInTheDocument()
    expect(maria.getByText('Sacramento, CA')).toBeInTheDocument()
    expect(maria.getByText('0 Applications')).toBeInTheDocument()
    expect(maria.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/clients/${CLIENT_ID}`)
    expect(within(cards[1]!).getByText('JW')).toBeInTheDocument()
    expect(within(cards[1]!).getByText('1 Application')).toBeInTheDocument()
    expect(screen.getByText('Total Clients').nextSibling).toHaveTextContent('12')
    expect(screen.getByText('Active Clients').nextSibling).toHaveTextContent('12')
    expect(screen.getByText('New This Month').nextSibling).toHaveTextContent('3')
  })

  it('shows 9 skeleton cards while the list loads', async () => {
    mockClientsApi(stub(listClientsCall, () => new Promise<never>(() => {})))
    renderApp('/clients')
    const loading = await screen.findByRole('status', { name: 'Loading clients' })
    expect(within(loading).getAllByTestId('client-card-skeleton')).toHaveLength(SKELETON_CARDS)
  })

  it('sends the search to the server as q once typing pauses', async () => {
    const fetchMock = mockClientsApi()
    renderApp('/clients')
    const search = await screen.findByPlaceholderText(CLIENT_MESSAGES.searchPlaceholder)
    fireEvent.change(search, { target: { value: 'gon' } })
    fireEvent.change(search, { target: { value: 'gonz ' } })
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, 'GET', '/api/clients').map(({ url }) => url.searchParams.get('q')),
      ).toEqual([null, 'gonz']),
    )
  })

  it('says no client matches a search', async () => {
    mockClientsApi(
      stub(listClientsCall, ({ url }) => ({
        body: { data: url.searchParams.get('q') ? [] : [listItem()], nextCursor: null },
      })),
    )
    renderApp('/clients')
    await screen.findByText('Maria Gonzalez')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'zzz' } })
    expect(await screen.findByText(CLIENT_MESSAGES.emptySearching)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: CLIENT_MESSAGES.emptyTitle })).toBeInTheDocument()
  })

  it('invites to add the first client when there are none', async () => {
    mockClientsApi(stub(listClientsCall, { body: { data: [], nextCursor: null } }))
    renderApp('/clients')
    expect(await screen.findByText(CLIENT_MESSAGES.emptyStart)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: CLIENT_MESSAGES.emptyTitle })).toBeInTheDocument()
  })

  it('loads the next page with the cursor', async () => {
    const fetchMock = mockClientsApi(
      stub(listClientsCall, ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? {
              body: {
                data: [listItem({ id: 'c2', firstName: 'Omar', lastName: 'Haddad' })],
                nextCursor: null,
              },
            }
          : { body: { data: [listItem()], nextCursor: 'page-2' } },
      ),
    )
    renderApp('/clients')
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument()
    expect(screen.getByText('Maria Gonzalez')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(requestsTo(fetchMock, 'GET', '/api/clients')[1]?.url.searchParams.get('cursor')).toBe('page-2')
  })
})
