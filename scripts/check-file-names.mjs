// npm run lint: a server feature file's name says its layer (decision 025). Either
// `<name>.<role>.ts` with a role below, or a use case named by the verb it does
// (`send-to-carriers.ts`, `sign-in-with-google.ts`), which the boundary rules treat as a service.
// Tests and their support (`*.test.ts`, `*.test-support.ts`) are named by what they test.
import { readdirSync } from 'node:fs'
import path from 'node:path'

const ROOT = 'src/server/features'
const ROLES = ['contract', 'routes', 'service', 'repository', 'table', 'job']
/** Verbs use cases start with. A new one is added here, which a reviewer then sees. */
const VERBS = new Set(
  `answer append apply attach build cancel change check choose classify collect complete compute
  convert create deliver derive disable draw enable export find get handle inflate list load lookup
  mail mask match move open parse place post read reauthenticate receive recognise record refresh
  render schedule seal search seed send settle sign sniff spool store submit suggest summarise
  sweep throttle update upgrade upload verify vote write bind endorse enter import reinstate remarket
  renew reconcile split assign compare download resolve`.split(/\s+/),
)
/** The feature registry at the features' root (it wires every feature's routes and jobs). */
const ALLOWED = new Set([path.join(ROOT, 'index.ts')])

const roleOf = (name) => ROLES.find((role) => name.endsWith(`.${role}.ts`))
const isTest = (name) => /\.test(-support)?\.tsx?$/.test(name)

const misnamed = []
for (const entry of readdirSync(ROOT, { recursive: true })) {
  const file = path.join(ROOT, String(entry))
  const name = path.basename(file)
  if (!name.endsWith('.ts') || isTest(name) || roleOf(name) || ALLOWED.has(file)) continue
  const verb = name.split(/[-.]/)[0]
  if (!VERBS.has(verb)) misnamed.push(file)
}

if (misnamed.length > 0) {
  console.error(
    `These server feature files do not say their layer. Name each <name>.<role>.ts (${ROLES.join(', ')}), ` +
      'or, for a use case, after the verb it does (send-to-carriers.ts); a new verb joins the list in ' +
      `scripts/check-file-names.mjs (decision 025):\n${misnamed.map((file) => `  ${file}`).join('\n')}`,
  )
  process.exit(1)
}
console.log(`file names: every server feature file says its layer (${ROOT})`)
