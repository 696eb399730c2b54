/** The dashboard's four change notes, from the server's percent changes (null: nothing to compare). */
export type ChangeKind = 'total' | 'pending' | 'approvalRate' | 'clients'

const WORDING: Record<ChangeKind, { suffix: string; none: string }> = {
  total: { suffix: 'from last month', none: 'No data for last month' },
  pending: { suffix: 'from last week', none: 'No data for last week' },
  approvalRate: { suffix: 'approval rate', none: 'No approvals to compare yet' },
  clients: { suffix: 'new clients', none: 'No data for last month' },
}

/** '+12% from last month', '-3% from last week', '+8% approval rate', '+15% new clients'. */
export function formatChangeNote(kind: ChangeKind, change: number | null | undefined): string {
  const { suffix, none } = WORDING[kind]
  if (change === null || change === undefined || !Number.isFinite(change)) return none
  const rounded = Math.round(change)
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : ''
  return `${sign}${Math.abs(rounded)}% ${suffix}`
}

export function changeTrend(change: number | null | undefined): 'up' | 'down' | 'flat' | 'none' {
  if (change === null || change === undefined || !Number.isFinite(change)) return 'none'
  const rounded = Math.round(change)
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat'
}
