// The browser journeys drive Debian's Chromium. On a fresh machine, install it (we are root there);
// otherwise say exactly what is missing instead of failing later with a stack trace.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`)
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    })
  } else {
    console.error(
      `${CHROMIUM} is missing. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
}
