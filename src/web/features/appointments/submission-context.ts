import { GEOLOCATION_TIMEOUT_MS } from '#shared/contracts/appointments.contract.ts'

/**
 * The browser's position as 'lat,long', or '' when it is refused, unavailable or slow. Our own
 * timer backs up the API's timeout, which only starts once the agent answers the permission prompt.
 */
export function readGeoLocation(): Promise<string> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve('')
    const timer = setTimeout(() => resolve(''), GEOLOCATION_TIMEOUT_MS)
    const done = (value: string) => {
      clearTimeout(timer)
      resolve(value)
    }
    try {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => done(`${coords.latitude.toFixed(6)},${coords.longitude.toFixed(6)}`),
        () => done(''),
        { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
      )
    } catch {
      done('')
    }
  })
}

/**
 * What the application records of where it was signed. The spec has the browser ask an external
 * IP lookup service for its public address; we do not: that would hand the agent's address to a
 * third party (issue #12). The server records the address the request comes from, so the form
 * sends 'unknown' here.
 */
export async function readSubmissionContext() {
  return { ipAddress: 'unknown', userAgent: navigator.userAgent, geoLocation: await readGeoLocation() }
}
