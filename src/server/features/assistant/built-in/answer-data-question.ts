import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { APPLICATION_STATUSES } from '#shared/domain/application-status.ts'
import {
  readApplicationCounts,
  readCarrierCounts,
  readClientCounts,
  readClients,
  readExpiringLicenses,
  readQuota,
  readRecentApplications,
} from '../agency-data.service.ts'
import { POLICY_QUESTIONS } from './answer-policy-questions.ts'
import { RENEWAL_QUESTIONS } from './answer-renewal-questions.ts'
import { type DataAnswer, type DataQuestion, LIST_SIZE, plural } from './data-question.service.ts'

const day = (iso: string) => iso.slice(0, 10)
const COUNTING = /\b(how many|number of|count|total|how much)\b/
const RECENT = /\b(recent|latest|last|newest|new)\b/
const STATUSES = APPLICATION_STATUSES

/** 'Find client Smith', 'clients named Maria', 'look up Garcia': the name asked for. */
function clientNameAskedFor(question: string): string | null {
  const match = question.match(
    /\b(?:named|called|find|look ?up|search(?: for)?)\s+(?:clients?\s+)?(?:named\s+|called\s+)?([a-z][a-z' -]{1,40}?)\s*[?.!]*$/,
  )
  const name = match?.[1]?.trim()
  return name && !/^(clients?|my|the|a)$/.test(name) ? name : null
}

/**
 * The questions about the agency's own data the built-in assistant answers, first match wins.
 * Every figure in an answer is one just read from the database; nothing is estimated.
 */
const QUESTIONS: DataQuestion[] = [
  ...RENEWAL_QUESTIONS,
  ...POLICY_QUESTIONS,
  {
    tool: 'licenses',
    matches: (q) => /\blicen[cs]es?\b/.test(q) && !/\bdriver/.test(q),
    answer: async (db, ctx) => {
      const { total, withinDays, licenses } = await readExpiringLicenses(db, ctx, LIST_SIZE)
      const citations = [{ title: 'Agency Onboarding', url: '/agency-onboarding' }]
      if (total === 0)
        return {
          content: `No active agent license expires within the next ${withinDays} days, and none is past its date.`,
          citations,
        }
      const more = total - licenses.length
      return {
        content: [
          `${plural(total, 'active license')} ${total === 1 ? 'expires' : 'expire'} within ${withinDays} days or ${total === 1 ? 'is' : 'are'} past the date, soonest first:`,
          ...licenses.map((license) => `• ${licenseLine(license)}`),
          ...(more > 0 ? [`…and ${more} more on the Licenses tab.`] : []),
        ].join('\n'),
        citations,
      }
    },
  },
  {
    tool: 'quota',
    matches: (q) =>
      /\b(quota|plan limit|monthly limit|applications? left|left this month|remaining|how many more)\b/.test(
        q,
      ),
    answer: async (db, ctx) => {
      const quota = await readQuota(db, ctx)
      return {
        content: `You're on the ${quota.plan} plan: ${quota.usedThisMonth} of ${quota.monthlyLimit} applications used this month (the month is counted in UTC), so ${plural(quota.left, 'application')} left.`,
        citations: [{ title: 'Subscription', url: '/subscription' }],
      }
    },
  },
  {
    tool: 'recent_applications',
    matches: (q) => /\bapplications?\b/.test(q) && (RECENT.test(q) || /\b(show|list)\b/.test(q)),
    answer: async (db, ctx, q) => {
      const status = STATUSES.find((s) => q.includes(s))
      const rows = await readRecentApplications(db, ctx, LIST_SIZE, status)
      if (rows.length === 0)
        return {
          content: status ? `You have no ${status} applications.` : 'You have no applications yet.',
          citations: [{ title: 'Applications', url: '/applications' }],
        }
      const lines = rows.map(
        (row) =>
          `• ${row.client}: ${row.insuranceType}, ${row.status}, created ${day(row.createdAt)}${row.carrier ? `, ${row.carrier}` : ''}`,
      )
      return {
        content: [`Your latest${status ? ` ${status}` : ''} applications:`, ...lines].join('\n'),
        citations: [{ title: 'Applications', url: '/applications' }],
      }
    },
  },
  {
    tool: 'application_counts',
    matches: (q) => /\bapplications?\b/.test(q) && (COUNTING.test(q) || STATUSES.some((s) => q.includes(s))),
    answer: async (db, ctx) => {
      const counts = await readApplicationCounts(db, ctx)
      return {
        content: `You have ${plural(counts.total, 'application')}: ${counts.draft} draft, ${counts.pending} pending, ${counts.review} in review, ${counts.approved} approved, ${counts.rejected} rejected and ${counts.bound} bound.`,
        citations: [{ title: 'Applications', url: '/applications' }],
      }
    },
  },
  {
    tool: 'find_clients',
    matches: (q) => /\bclients?\b/.test(q) && clientNameAskedFor(q) !== null,
    answer: async (db, ctx, q) => {
      const name = clientNameAskedFor(q)!
      const rows = await readClients(db, ctx, LIST_SIZE, name)
      if (rows.length === 0) return { content: `No client's name or email matches "${name}".`, citations: [] }
      return {
        content: [`Clients matching "${name}":`, ...rows.map((row) => `• ${clientLine(row)}`)].join('\n'),
        citations: [{ title: 'Clients', url: `/clients?q=${encodeURIComponent(name)}` }],
      }
    },
  },
  {
    tool: 'recent_clients',
    matches: (q) => /\bclients?\b/.test(q) && (RECENT.test(q) || /\b(show|list|who)\b/.test(q)),
    answer: async (db, ctx) => {
      const rows = await readClients(db, ctx, LIST_SIZE)
      if (rows.length === 0) return { content: 'You have no clients yet.', citations: [] }
      return {
        content: ['Your newest clients:', ...rows.map((row) => `• ${clientLine(row)}`)].join('\n'),
        citations: [{ title: 'Clients', url: '/clients' }],
      }
    },
  },
  {
    tool: 'client_counts',
    matches: (q) => /\bclients?\b/.test(q) && COUNTING.test(q),
    answer: async (db, ctx) => {
      const counts = await readClientCounts(db, ctx)
      return {
        content: `You have ${plural(counts.total, 'client')}; ${counts.newThisMonth} added this month.`,
        citations: [{ title: 'Clients', url: '/clients' }],
      }
    },
  },
  {
    tool: 'carrier_counts',
    matches: (q) =>
      /\bcarriers?\b/.test(q) &&
      (COUNTING.test(q) || /\bactive\b/.test(q)) &&
      /\b(my|our|i|we|active)\b/.test(q),
    answer: async (db, ctx) => {
      const counts = await readCarrierCounts(db, ctx)
      return {
        content: `${counts.active} of the ${plural(counts.total, 'carrier')} available to your agency are active.`,
        citations: [{ title: 'Carriers', url: '/carriers' }],
      }
    },
  },
  {
    tool: 'overview',
    matches: (q) => /\b(overview|summary|my agency|my data|my numbers|stats|statistics)\b/.test(q),
    answer: async (db, ctx) => {
      const [clients, applications, quota] = await Promise.all([
        readClientCounts(db, ctx),
        readApplicationCounts(db, ctx),
        readQuota(db, ctx),
      ])
      return {
        content: [
          'Your agency at a glance:',
          `• ${plural(clients.total, 'client')} (${clients.newThisMonth} added this month)`,
          `• ${plural(applications.total, 'application')}: ${applications.pending} pending, ${applications.review} in review, ${applications.approved} approved, ${applications.bound} bound`,
          `• ${quota.plan} plan: ${quota.left} of ${quota.monthlyLimit} applications left this month`,
        ].join('\n'),
        citations: [{ title: 'Dashboard', url: '/' }],
      }
    },
  },
]

function licenseLine(row: Awaited<ReturnType<typeof readExpiringLicenses>>['licenses'][number]): string {
  const days = row.daysUntilExpiration
  const when =
    days > 0
      ? `expires ${row.expirationDate}, in ${plural(days, 'day')}`
      : days === 0
        ? `expires today (${row.expirationDate})`
        : `expired ${row.expirationDate}, ${plural(-days, 'day')} ago`
  return `${row.agent} (${row.agentId}): ${row.state} ${row.licenseType}, ${when}`
}

function clientLine(row: Awaited<ReturnType<typeof readClients>>[number]): string {
  const place = [row.city, row.state].filter(Boolean).join(', ')
  const applications = plural(row.applicationCount, 'application')
  return `${row.name}${place ? ` (${place})` : ''}, client since ${day(row.createdAt)}, ${applications}`
}

/** The answer from the agency's data, or null when the question is not one of these. */
export async function answerDataQuestion(
  db: Executor,
  ctx: Ctx,
  question: string,
): Promise<DataAnswer | null> {
  const q = question.toLowerCase()
  const found = QUESTIONS.find((candidate) => candidate.matches(q))
  if (!found) return null
  const answer = await found.answer(db, ctx, q)
  return { ...answer, toolsUsed: [found.tool] }
}
