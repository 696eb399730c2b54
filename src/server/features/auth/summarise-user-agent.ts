/**
 * A readable device and browser from a User-Agent header, for the sessions list and alert mails.
 * Deliberately small (no dependency): the order of the checks matters, since Edge and Opera also
 * say Chrome, Chrome also says Safari, and iPadOS may say Macintosh.
 */
export interface UserAgentSummary {
  device: string
  browser: string
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)|Opera\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)|CriOS\/(\d+)|Chromium\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android[^;)]*;[^)]*Mobile|Android.*Mobile/, 'Android phone'],
  [/Android/, 'Android tablet'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows computer'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux computer'],
]

export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent ?? ''
  let browser = 'Unknown browser'
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua)
    if (match) {
      const version = match.slice(1).find(Boolean)
      browser = version ? `${name} ${version}` : name
      break
    }
  }
  const device = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown device'
  return { device, browser }
}
