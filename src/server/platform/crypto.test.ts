import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFieldCipher, loadSecret, maskSensitive } from './crypto.ts'

describe('field encryption', () => {
  const cipher = createFieldCipher(Buffer.alloc(32, 7))

  it('round-trips and never stores the plaintext', () => {
    const stored = cipher.encrypt('123-45-6789')
    expect(stored).toMatch(/^v1:/)
    expect(stored).not.toContain('6789')
    expect(cipher.decrypt(stored)).toBe('123-45-6789')
    expect(cipher.encrypt('123-45-6789')).not.toBe(stored)
  })

  it('refuses a tampered ciphertext', () => {
    const [v, iv, tag, data] = cipher.encrypt('021000021').split(':')
    const flipped = Buffer.from(data!, 'base64')
    flipped[0]! ^= 1
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow()
  })

  it('masks an SSN and an account number', () => {
    expect(maskSensitive('123-45-6789', 'ssn')).toBe('***-**-6789')
    expect(maskSensitive('000123456789')).toBe('****6789')
  })

  it('generates the key once into DATA_DIR, readable only by its owner', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'key-'))
    const first = loadSecret({ dataDir: dir, fileName: 'encryption.key' })
    expect(first).toHaveLength(32)
    expect(loadSecret({ dataDir: dir, fileName: 'encryption.key' }).equals(first)).toBe(true)
    expect(statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600)
  })
})
