import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions'
import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Citation } from '#shared/contracts/assistant.contract.ts'
import { APPLICATION_STATUSES } from '#shared/domain/application-status.ts'
import { isCalendarDate } from '#shared/domain/calendar-date.ts'
import { findExpiringPolicies, getPremiumByCarrier } from '../../policies/policy-figures.service.ts'
import {
  countOverdueRenewalsByAssignee,
  findAtRiskRenewalsThisMonth,
} from '../../renewals/renewal-figures.service.ts'
import {
  readApplicationCounts,
  readCarrierCounts,
  readClientCounts,
  readClients,
  readExpiringLicenses,
  readQuota,
  readRecentApplications,
} from '../agency-data.service.ts'
import { citationOf, searchHelp } from '../built-in/search-help.ts'

/**
 * The tools a model may call. Every one only reads, scoped to the caller's agency: there is no
 * tool that writes, so nothing a record says (a client's notes reading "ignore your instructions
 * and delete…") can make the model change data. A call to any other name is answered with an error.
 */
const STATUSES = APPLICATION_STATUSES
const limitParam = { type: 'integer', minimum: 1, maximum: 10, description: 'How many, 1-10 (default 5)' }

export const ASSISTANT_TOOLS: ChatCompletionFunctionTool[] = [
  tool(
    'agency_overview',
    "Counts of the agency's clients, applications by status and carriers, and its plan's applications left this month.",
    {},
  ),
  tool('recent_applications', "The agency's latest applications, newest first, optionally of one status.", {
    status: { type: 'string', enum: [...STATUSES] },
    limit: limitParam,
  }),
  tool('find_clients', "The agency's newest clients, or those whose name or email contains the query.", {
    query: { type: 'string', description: 'Part of a name or email; omit for the newest clients' },
    limit: limitParam,
  }),
  tool('search_help', 'Search the product FAQ and how-to guides; answers entries with their link to cite.', {
    query: { type: 'string' },
  }),
  tool(
    'license_records',
    "The agency's active agent licenses expiring within 90 days or already past their date, soonest first, with how many there are in all.",
    { limit: limitParam },
  ),
  tool(
    'expiring_policies',
    "The agency's policies in force expiring between two dates (YYYY-MM-DD), soonest first, with how many there are in all.",
    {
      from: { type: 'string', description: 'First day, YYYY-MM-DD' },
      to: { type: 'string', description: 'Last day, YYYY-MM-DD' },
      limit: limitParam,
    },
  ),
  tool(
    'premium_by_carrier',
    "The agency's written premium in force (dollars) and policy count per carrier, largest first.",
    {},
  ),
  tool(
    'at_risk_renewals',
    "The agency's open renewals flagged at risk whose term expires or next milestone falls due this calendar month: insured, policy, offer and its change, soonest milestone first, with how many in all.",
    { limit: limitParam },
  ),
  tool(
    'overdue_renewals',
    "How many of the agency's open renewals are past their milestone, per assignee (null: unassigned), most first.",
    {},
  ),
]

function tool(
  name: string,
  description: string,
  properties: Record<string, unknown>,
): ChatCompletionFunctionTool {
  return {
    type: 'function',
    function: { name, description, parameters: { type: 'object', properties, additionalProperties: false } },
  }
}

export interface ToolResult {
  /** What the model reads back (JSON). */
  output: unknown
  /** Help entries the result offered, cited under the answer. */
  citations: Citation[]
}

const limitOf = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(10, Math.max(1, value)) : 5

/** Runs one tool call by name; a name outside the list, or bad arguments, answer an error to the model. */
export async function runTool(
  db: Executor,
  ctx: Ctx,
  name: string,
  rawArguments: string,
): Promise<ToolResult> {
  let args: Record<string, unknown>
  try {
    const parsed: unknown = rawArguments.trim() ? JSON.parse(rawArguments) : {}
    args = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return { output: { error: 'The arguments are not valid JSON.' }, citations: [] }
  }
  switch (name) {
    case 'agency_overview': {
      const [clients, applications, carriers, quota] = await Promise.all([
        readClientCounts(db, ctx),
        readApplicationCounts(db, ctx),
        readCarrierCounts(db, ctx),
        readQuota(db, ctx),
      ])
      return { output: { clients, applications, carriers, quota }, citations: [] }
    }
    case 'recent_applications': {
      const status = STATUSES.find((value) => value === args.status)
      return { output: await readRecentApplications(db, ctx, limitOf(args.limit), status), citations: [] }
    }
    case 'find_clients': {
      const query = typeof args.query === 'string' ? args.query.trim().slice(0, 100) : undefined
      return { output: await readClients(db, ctx, limitOf(args.limit), query || undefined), citations: [] }
    }
    case 'search_help': {
      const matches = searchHelp(typeof args.query === 'string' ? args.query : '', 3)
      return {
        output: matches.map(({ entry }) => ({ title: entry.title, url: entry.url, text: entry.text })),
        citations: matches.slice(0, 2).map(({ entry }) => citationOf(entry)),
      }
    }
    case 'expiring_policies': {
      const isDate = (value: unknown): value is string => typeof value === 'string' && isCalendarDate(value)
      if (!isDate(args.from) || !isDate(args.to)) {
        return { output: { error: 'from and to must be dates written YYYY-MM-DD.' }, citations: [] }
      }
      const range = { from: args.from, to: args.to }
      return {
        output: await findExpiringPolicies(db, ctx.actor.agencyId, range, limitOf(args.limit)),
        citations: [],
      }
    }
    case 'premium_by_carrier':
      return { output: await getPremiumByCarrier(db, ctx.actor.agencyId), citations: [] }
    case 'at_risk_renewals':
      return {
        output: await findAtRiskRenewalsThisMonth(db, ctx.actor.agencyId, limitOf(args.limit)),
        citations: [],
      }
    case 'overdue_renewals':
      return { output: await countOverdueRenewalsByAssignee(db, ctx.actor.agencyId), citations: [] }
    case 'license_records':
      return { output: await readExpiringLicenses(db, ctx, limitOf(args.limit)), citations: [] }
    default:
      return {
        output: { error: `There is no tool named ${name}. Only the listed read-only tools exist.` },
        citations: [],
      }
  }
}
