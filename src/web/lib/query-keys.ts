/**
 * Every query key in one place, so a mutation can refresh exactly what it changed. Keys are
 * nested: invalidating `notifications.all` refreshes the list and the unread count together.
 */
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
  },
  /** Invalidating `clients.all` refreshes every list page, the summary and open details. */
  clients: {
    all: ['clients'] as const,
    list: (q: string) => ['clients', 'list', { q }] as const,
    summary: ['clients', 'summary'] as const,
    detail: (id: string) => ['clients', 'detail', id] as const,
    /** The import history: under clients, so an import's refresh of every clients query takes it too. */
    imports: ['clients', 'imports'] as const,
  },
  plans: ['subscription', 'plans'] as const,
  /** The agency's subscription: the billing screen and Settings › Subscription. */
  subscription: ['subscription', 'current'] as const,
  invoices: ['subscription', 'invoices'] as const,
  /** The agency's branding: the Branding tab's form and the shell's logo and colours. */
  branding: ['settings', 'branding'] as const,
  /** The agency's book settings (Settings › Book). */
  bookSettings: ['settings', 'book'] as const,
  /** Every policy query: a change of the book settings changes which policies can be reinstated. */
  policies: ['policies'] as const,
  /** Every renewal query: the lists, each renewal's page, its comparison and a policy's link. */
  renewals: ['renewals'] as const,
  testCheckout: (id: string) => ['subscription', 'test-checkout', id] as const,
  assistant: {
    info: ['assistant', 'info'] as const,
    conversations: ['assistant', 'conversations'] as const,
    conversation: (id: string) => ['assistant', 'conversations', id] as const,
    /** Suggestions for one form's values as they were sent. */
    suggestions: (formType: string, values: string) =>
      ['assistant', 'suggestions', formType, values] as const,
  },
  /** The dashboard's figures: a change to applications refreshes them all. */
  dashboard: {
    all: ['dashboard'] as const,
    stats: ['dashboard', 'stats'] as const,
    topCarriers: ['dashboard', 'top-carriers'] as const,
    book: ['dashboard', 'book'] as const,
  },
  contactInfo: ['contact', 'info'] as const,
  ownerDashboard: ['owner', 'dashboard'] as const,
  database: {
    all: ['database'] as const,
    status: ['database', 'status'] as const,
    performance: ['database', 'performance'] as const,
  },
  measurementId: ['analytics', 'measurement-id'] as const,
  supportInbox: {
    all: ['support-inbox'] as const,
    list: (status: string) => ['support-inbox', 'list', status] as const,
    message: (id: string) => ['support-inbox', 'message', id] as const,
  },
}
