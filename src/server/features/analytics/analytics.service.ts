import type { Executor } from '#server/db/connect.ts'
import type { Actor } from '#server/platform/context.ts'
import type { PageViewInput } from '#shared/contracts/analytics.contract.ts'
import * as repository from './analytics.repository.ts'

const EMAIL_LIKE = /@/

/**
 * The path as stored: no query string or fragment (they can hold search terms and tokens), and
 * any segment that holds an '@' (an email someone put in an address) replaced by ':email'.
 */
export function cleanPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/'
  return bare
    .split('/')
    .map((segment) => {
      let decoded = segment
      try {
        decoded = decodeURIComponent(segment)
      } catch {}
      return EMAIL_LIKE.test(decoded) ? ':email' : segment
    })
    .join('/')
}

/** Records one page view by the signed-in user, for their agency. */
export async function recordPageView(executor: Executor, actor: Actor, input: PageViewInput): Promise<void> {
  await repository.insertPageView(executor, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    path: cleanPath(input.path),
    device: input.device,
  })
}

/** Page views that happened earlier (the demo's history); paths are cleaned as when recorded. */
export function importPageViews(
  executor: Executor,
  rows: { agencyId: string; userId: string; path: string; device: 'mobile' | 'desktop'; viewedAt: Date }[],
) {
  return repository.insertPageViewsAt(
    executor,
    rows.map((row) => ({ ...row, path: cleanPath(row.path) })),
  )
}
