import { describe, expect, it } from 'vitest'
import { hasExpired } from './document-on-file.tsx'

describe('hasExpired', () => {
  it("counts the expiration day as covered, by the agent's own calendar day", () => {
    const evening = new Date(2026, 10, 24, 21, 30)
    expect(hasExpired('2026-11-24', evening)).toBe(false)
    expect(hasExpired('2026-11-23', evening)).toBe(true)
    expect(hasExpired('2027-01-01', evening)).toBe(false)
  })
})
