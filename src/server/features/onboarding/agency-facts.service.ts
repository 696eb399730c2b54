import type { Executor } from '#server/db/connect.ts'
import { readVersion } from './agents.repository.ts'
import { type AgentFacts, findAgentFacts } from './progress.repository.ts'

/** How many agencies' figures a process keeps (the least recently read goes first). */
const AGENCIES_KEPT = 50

interface Entry {
  version: number
  today: string
  facts: AgentFacts[]
}

const kept = new Map<string, Entry>()

/**
 * Every agent's figures for an agency, as of `today`. The Dash and Progress tabs read them again
 * for each filter, sort and page while nothing changes, so a process keeps the last read per
 * agency and uses it while the agency's counter (bumped in the transaction of every change to its
 * agents and their records) and the day are the same; one indexed read of the counter decides.
 * Any process that changes the records bumps the counter, so every process sees the change.
 * What another feature decides (a carrier's approval) is not kept here: it is read on each request.
 */
export async function agencyFacts(
  executor: Executor,
  agencyId: string,
  today: string,
): Promise<AgentFacts[]> {
  const version = await readVersion(executor, agencyId)
  const entry = kept.get(agencyId)
  if (entry && entry.version === version && entry.today === today) {
    kept.delete(agencyId)
    kept.set(agencyId, entry)
    return entry.facts
  }
  const facts = await findAgentFacts(executor, agencyId, null, today)
  // A read that started before a change and ends after it must not be kept as the newer version.
  if ((await readVersion(executor, agencyId)) === version) {
    kept.delete(agencyId)
    kept.set(agencyId, { version, today, facts })
    if (kept.size > AGENCIES_KEPT) kept.delete(kept.keys().next().value!)
  }
  return facts
}
