import { describe, expect, it } from 'vitest'
import { checkEndpoint, isPublicAddress, parseAllowList } from './ssrf.service.ts'

describe('carrier endpoint guard (SSRF)', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('refuses private, loopback and metadata endpoints, and plain http', async () => {
    const none = parseAllowList('')
    expect(await checkEndpoint('https://127.0.0.1/submit', none)).toBe('private')
    expect(await checkEndpoint('https://[::1]:8443/submit', none)).toBe('private')
    expect(await checkEndpoint('https://169.254.169.254/latest/meta-data', none)).toBe('private')
    expect(await checkEndpoint('https://localhost/submit', none)).toBe('private')
    expect(await checkEndpoint('http://8.8.8.8/submit', none)).toBe('invalid')
    expect(await checkEndpoint('https://user:pw@8.8.8.8/submit', none)).toBe('invalid')
    expect(await checkEndpoint('ftp://8.8.8.8/', none)).toBe('invalid')
    expect(await checkEndpoint('not a url', none)).toBe('invalid')
    expect(await checkEndpoint('https://8.8.8.8/submit', none)).toBeNull()
  })

  it('lets an allow-listed host through, plain http included, and only that host and port', async () => {
    const allowList = parseAllowList(' 127.0.0.1:4010 , Carrier.Local ')
    expect(await checkEndpoint('http://127.0.0.1:4010/submit', allowList)).toBeNull()
    expect(await checkEndpoint('http://carrier.local/submit', allowList)).toBeNull()
    expect(await checkEndpoint('http://127.0.0.1:4011/submit', allowList)).toBe('invalid')
    expect(await checkEndpoint('https://127.0.0.1:4011/submit', allowList)).toBe('private')
  })
})
