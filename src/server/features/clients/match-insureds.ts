import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import * as repository from './insureds.repository.ts'

/** The named insured of an imported policy: who the client is, as a book's spreadsheet says. */
export interface Insured {
  firstName: string
  lastName: string
  /** Lower-cased, or null. */
  email: string | null
  zipCode: string | null
}

/** One person within a file: by email when there is one, else by name and ZIP code. */
const keyOf = ({ firstName, lastName, email, zipCode }: Insured) =>
  email ? `e ${email}` : `n ${firstName.toLowerCase()}\u0000${lastName.toLowerCase()}\u0000${zipCode ?? ''}`

/**
 * For the book import, in its transaction: the client of each insured, matched among the agency's
 * clients by email first, then by first and last name (without case) and ZIP code, and created
 * when none matches (one client for the same person on several rows). Answers each insured's
 * client id, in order, and how many clients were created. Clients are created with the names,
 * email and ZIP code only; the agent completes them on the client's page.
 */
export async function matchInsureds(
  tx: Executor,
  ctx: Ctx,
  insureds: readonly Insured[],
): Promise<{ clientIds: string[]; created: number }> {
  const { agencyId, userId } = ctx.actor
  const clientIds: (string | undefined)[] = insureds.map(() => undefined)
  const emails = [...new Set(insureds.flatMap((insured) => (insured.email ? [insured.email] : [])))]
  if (emails.length > 0) {
    const byEmail = new Map(
      (await repository.findClientIdsByEmail(tx, agencyId, emails)).map((row) => [row.email, row.id]),
    )
    insureds.forEach((insured, i) => {
      if (insured.email) clientIds[i] = byEmail.get(insured.email)
    })
  }
  // No email, or one the agency does not know: the same name and ZIP code is the same person.
  const byName = insureds.flatMap((_, i) => (clientIds[i] ? [] : [i]))
  if (byName.length > 0) {
    const found = await repository.findClientIdsByNameAndZip(tx, agencyId, {
      firsts: byName.map((i) => insureds[i]!.firstName.toLowerCase()),
      lasts: byName.map((i) => insureds[i]!.lastName.toLowerCase()),
      zips: byName.map((i) => insureds[i]!.zipCode),
    })
    for (const { at, id } of found) clientIds[byName[at - 1]!] = id
  }
  const missing = new Map<string, Insured>()
  insureds.forEach((insured, i) => {
    if (!clientIds[i] && !missing.has(keyOf(insured))) missing.set(keyOf(insured), insured)
  })
  if (missing.size === 0) return { clientIds: clientIds as string[], created: 0 }
  const wanted = [...missing.values()]
  const rows = await repository.insertInsureds(
    tx,
    { agencyId, createdByUserId: userId },
    {
      firstNames: wanted.map((insured) => insured.firstName),
      lastNames: wanted.map((insured) => insured.lastName),
      emails: wanted.map((insured) => insured.email),
      zipCodes: wanted.map((insured) => insured.zipCode),
    },
  )
  const createdByKey = new Map(rows.map((row) => [keyOf(row), row.id]))
  // An email another transaction wrote meanwhile skipped the insert: that client is the one.
  const raced = wanted.flatMap((insured) =>
    insured.email && !createdByKey.has(keyOf(insured)) ? [insured.email] : [],
  )
  if (raced.length > 0) {
    for (const row of await repository.findClientIdsByEmail(tx, agencyId, raced)) {
      createdByKey.set(`e ${row.email}`, row.id)
    }
  }
  insureds.forEach((insured, i) => {
    clientIds[i] ??= createdByKey.get(keyOf(insured))
  })
  return { clientIds: clientIds as string[], created: rows.length }
}
