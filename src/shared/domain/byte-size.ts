const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/**
 * Spec part 3 §9: sizes in Bytes, KB, MB and GB, base 1024, two decimals ('0 Bytes',
 * '1.50 KB'). GB is the largest unit: a terabyte reads as '1024.00 GB'.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  let unit = 0
  let value = bytes
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${value} Bytes` : `${value.toFixed(2)} ${UNITS[unit]}`
}
