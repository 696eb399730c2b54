import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/**
 * Carrier endpoints are addresses an agency types in, so the server must not become a way to reach
 * its own network (SSRF): an endpoint may not resolve to a loopback, private, link-local or other
 * non-public address, unless its host is on CARRIER_ENDPOINT_ALLOWLIST (host or host:port, comma
 * separated; tests allow-list their loopback fake carrier). The check runs when the endpoint is
 * saved and again on every connection, on the address actually dialled, so a DNS answer that
 * changes after the check (rebinding) is caught too. Plain http is only allowed for allow-listed
 * hosts.
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped) return isPublicAddress(mapped[1]!)
    return !blocked.check(address, 'ipv6')
  }
  return !blocked.check(address, 'ipv4')
}

export type AllowList = ReadonlySet<string>

export function parseAllowList(value: string | undefined): AllowList {
  return new Set(
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
}

export function isAllowListed(url: URL, allowList: AllowList): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return allowList.has(host) || allowList.has(`${host}:${port}`)
}

export type EndpointProblem = 'invalid' | 'private' | 'unresolvable'

/** Whether an endpoint may be saved; resolves its host once to say why not. */
export async function checkEndpoint(raw: string, allowList: AllowList): Promise<EndpointProblem | null> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'invalid'
  }
  if (url.username || url.password) return 'invalid'
  const allowed = isAllowListed(url, allowList)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return 'invalid'
  if (allowed) return null
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return isPublicAddress(host) ? null : 'private'
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)),
  )
  if (!addresses || addresses.length === 0) return 'unresolvable'
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'private'
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A `lookup` for http.request: resolves as usual, then refuses any non-public address unless the
 * host is allow-listed. Used for every delivery connection.
 */
export function guardedLookup(url: URL, allowList: AllowList) {
  const allowed = isAllowListed(url, allowList)
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const usable = allowed ? addresses : addresses.filter((a) => isPublicAddress(a.address))
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`Refused to connect to a private address for ${hostname}`), {
          code: 'EPRIVATEADDRESS',
        })
        return callback(refused, [])
      }
      if ((options as { all?: boolean }).all) return callback(null, usable)
      return callback(null, usable[0]!.address, usable[0]!.family)
    })
  }
}
