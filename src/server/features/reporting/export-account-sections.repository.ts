import { and, eq, sql } from 'drizzle-orm'
import { aiConversations, aiMessages } from '../assistant/assistant.table.ts'
import { billingAccounts } from '../billing/billing.table.ts'
import { billingInvoices, subscriptionEvents } from '../billing/billing-records.table.ts'
import { marketplaceItems, marketplaceReplies, marketplaceVotes } from '../marketplace/marketplace.table.ts'
import { type ExportSection, pick, plain } from './export-section.repository.ts'

/**
 * The agency's subscription and invoices, its community posts and votes, and the user's assistant
 * conversations in the data export. Not the payment provider's ids, invoice links (each one opens
 * the invoice to whoever holds it), checkout sessions or idempotency keys. Community items, replies
 * and votes are the agency's for an agency admin and the user's own for anyone else (an anonymous
 * post stays anonymous to colleagues); conversations are always the user's own, as in the product.
 */

const SUBSCRIPTION_COLUMNS = plain(
  pick(billingAccounts, [
    'provider',
    'currentPeriodStart',
    'cancelAtPeriodEnd',
    'pendingPlanCode',
    'pendingBillingPeriod',
    'pastDueSince',
    'billingUserId',
    'updatedAt',
  ]),
)

const SUBSCRIPTION_EVENT_COLUMNS = plain(
  pick(subscriptionEvents, [
    'id',
    'eventType',
    'fromPlanCode',
    'toPlanCode',
    'billingPeriod',
    'amountCents',
    'chargedCents',
    'provider',
    'actorUserId',
    'occurredAt',
    'effectiveAt',
  ]),
)

const INVOICE_COLUMNS = plain(
  pick(billingInvoices, [
    'id',
    'provider',
    'number',
    'description',
    'planCode',
    'billingPeriod',
    'amountCents',
    'currency',
    'status',
    'periodStart',
    'periodEnd',
    'createdAt',
    'paidAt',
  ]),
)

const ITEM_COLUMNS = plain(
  pick(marketplaceItems, [
    'id',
    'kind',
    'authorUserId',
    'carrierIds',
    'title',
    'content',
    'tags',
    'rating',
    'pros',
    'cons',
    'experienceLevel',
    'category',
    'difficulty',
    'postType',
    'isAnonymous',
    'views',
    'upVotes',
    'downVotes',
    'replyCount',
    'status',
    'hiddenAt',
    'createdAt',
    'updatedAt',
  ]),
)

const REPLY_COLUMNS = plain(
  pick(marketplaceReplies, ['id', 'postId', 'authorUserId', 'content', 'createdAt']),
)

const VOTE_COLUMNS = plain(pick(marketplaceVotes, ['itemId', 'userId', 'up', 'createdAt', 'updatedAt']))

const CONVERSATION_COLUMNS = plain(
  pick(aiConversations, ['id', 'title', 'conversationType', 'metadata', 'createdAt', 'updatedAt']),
)

const MESSAGE_COLUMNS = plain(
  pick(aiMessages, ['id', 'conversationId', 'role', 'content', 'answeredBy', 'citations', 'createdAt']),
)

export function accountSections(agencyId: string, userId: string, agencyWide: boolean): ExportSection[] {
  const mine = (own: ReturnType<typeof eq>) => (agencyWide ? undefined : own)
  return [
    {
      name: 'subscription',
      table: billingAccounts,
      select: SUBSCRIPTION_COLUMNS,
      key: billingAccounts.agencyId,
      keyField: 'agencyId',
      where: eq(billingAccounts.agencyId, agencyId),
    },
    {
      name: 'subscriptionEvents',
      table: subscriptionEvents,
      select: SUBSCRIPTION_EVENT_COLUMNS,
      key: subscriptionEvents.id,
      keyField: 'id',
      where: eq(subscriptionEvents.agencyId, agencyId),
    },
    {
      name: 'invoices',
      table: billingInvoices,
      select: INVOICE_COLUMNS,
      key: billingInvoices.id,
      keyField: 'id',
      where: eq(billingInvoices.agencyId, agencyId),
    },
    {
      name: 'marketplaceItems',
      table: marketplaceItems,
      select: ITEM_COLUMNS,
      key: marketplaceItems.id,
      keyField: 'id',
      where: and(eq(marketplaceItems.agencyId, agencyId), mine(eq(marketplaceItems.authorUserId, userId))),
    },
    {
      name: 'marketplaceReplies',
      table: marketplaceReplies,
      select: REPLY_COLUMNS,
      key: marketplaceReplies.id,
      keyField: 'id',
      where: and(
        eq(marketplaceReplies.agencyId, agencyId),
        mine(eq(marketplaceReplies.authorUserId, userId)),
      ),
    },
    {
      name: 'marketplaceVotes',
      table: marketplaceVotes,
      select: VOTE_COLUMNS,
      key: marketplaceVotes.itemId,
      keyField: 'itemId',
      tieKey: { column: marketplaceVotes.userId, field: 'userId' },
      where: and(eq(marketplaceVotes.agencyId, agencyId), mine(eq(marketplaceVotes.userId, userId))),
    },
    {
      name: 'assistantConversations',
      table: aiConversations,
      select: CONVERSATION_COLUMNS,
      key: aiConversations.id,
      keyField: 'id',
      where: and(eq(aiConversations.agencyId, agencyId), eq(aiConversations.userId, userId)),
    },
    {
      name: 'assistantMessages',
      table: aiMessages,
      select: MESSAGE_COLUMNS,
      key: aiMessages.id,
      keyField: 'id',
      where: and(
        eq(aiMessages.agencyId, agencyId),
        sql`${aiMessages.conversationId} in (select ${aiConversations.id} from ${aiConversations} where ${aiConversations.agencyId} = ${agencyId} and ${aiConversations.userId} = ${userId})`,
      ),
    },
  ]
}
