import { describe, expect, it } from 'vitest'
import { formatBytes } from './byte-size.ts'

describe('formatBytes', () => {
  it('uses base 1024 and two decimals from KB up, GB the largest unit', () => {
    expect(formatBytes(0)).toBe('0 Bytes')
    expect(formatBytes(1023)).toBe('1023 Bytes')
    expect(formatBytes(1024)).toBe('1.00 KB')
    expect(formatBytes(1536)).toBe('1.50 KB')
    expect(formatBytes(8192 * 1024)).toBe('8.00 MB')
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB')
    expect(formatBytes(1024 ** 4)).toBe('1024.00 GB')
  })
})
