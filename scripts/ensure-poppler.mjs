// The e-signing tests check sealed PDFs with poppler's pdfsig, pdftotext and pdfdetach (Debian's
// poppler-utils). On a fresh machine, install it (we are root there); otherwise say exactly what is
// missing instead of failing later with a stack trace.
import { execSync, spawnSync } from 'node:child_process'

const TOOLS = ['pdfsig', 'pdftotext', 'pdfdetach']
const missing = () => TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)

if (missing().length > 0) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`${missing().join(', ')} missing: installing Debian's poppler-utils with apt-get`)
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils', {
      stdio: 'inherit',
    })
  } else {
    console.error(
      `${missing().join(', ')} missing. Install poppler-utils (sudo apt-get install -y poppler-utils).`,
    )
    process.exit(1)
  }
}
