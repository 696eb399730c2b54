import type { Executor } from './connect.ts'

/**
 * A query built once per database (or transaction) rather than on every call. Drizzle spends more
 * CPU turning a query builder into SQL than a small query then takes to send and read (a third of
 * a session lookup's time in a profile), and a named statement spares PostgreSQL parsing and
 * planning it again on each connection. The values go in as placeholders at each call.
 *
 * Keyed by the executor, not shared: a statement prepared on the database runs outside any
 * transaction, so a transaction passed in gets its own.
 */
export function preparedPerExecutor<T>(build: (executor: Executor) => T): (executor: Executor) => T {
  const built = new WeakMap<Executor, T>()
  return (executor) => {
    let query = built.get(executor)
    if (query === undefined) {
      query = build(executor)
      built.set(executor, query)
    }
    return query
  }
}
