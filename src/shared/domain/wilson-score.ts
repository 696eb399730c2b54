/**
 * 'Best' in the marketplace: the lower bound of the Wilson score interval for the share of up
 * votes (95 % confidence). It ranks 40 up / 2 down above 3 up / 0 down, which a plain share would
 * not, and 60 up / 40 down below 50 up / 5 down, which up minus down would not. No votes scores 0.
 */
export const WILSON_Z = 1.959963984540054

export function wilsonLowerBound(up: number, total: number, z: number = WILSON_Z): number {
  if (!Number.isFinite(up) || !Number.isFinite(total) || total <= 0) return 0
  const n = total
  const share = Math.min(Math.max(up, 0), n) / n
  const z2 = z * z
  const centre = share + z2 / (2 * n)
  const spread = z * Math.sqrt((share * (1 - share) + z2 / (4 * n)) / n)
  return Math.max(0, (centre - spread) / (1 + z2 / n))
}
