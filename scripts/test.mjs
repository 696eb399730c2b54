// npm test: every suite on the embedded database, then, when TEST_DATABASE_URL is set, the server
// suite again on that PostgreSQL. Ends with one summary line over all runs.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const postgresUrl = process.env.TEST_DATABASE_URL
const outDir = mkdtempSync(path.join(tmpdir(), 'vitest-results-'))
const runs = [{ name: 'all suites on PGlite', args: [], env: { TEST_DATABASE_URL: '' } }]
if (postgresUrl) {
  runs.push({
    name: 'server suite on PostgreSQL',
    args: ['--project', 'unit', ...databaseTestFiles()],
    env: { TEST_DATABASE_URL: postgresUrl },
  })
}

/**
 * The server suite's files that touch a database: only they can behave differently on
 * PostgreSQL. Pure ones (parsers, hashing, domain rules, fakes) ran once already on the first run.
 */
function databaseTestFiles() {
  const usesDatabase =
    /build-test-app|test-db|delivery-harness|#test\/factories|#test\/tenancy|TEST_DATABASE_URL|drizzle-orm|#server\/db\/|from 'pg'/
  const files = []
  for (const root of ['src/server', 'src/shared', 'src/test']) {
    for (const file of readdirSync(root, { recursive: true })) {
      const name = path.join(root, String(file))
      if (name.endsWith('.test.ts') && usesDatabase.test(readFileSync(name, 'utf8'))) files.push(name)
    }
  }
  return files
}

/** The start of a failure's message, indented under its name: the seed, the first failures. */
function firstLines(messages = []) {
  // Without the colour codes vitest may have put in (ESC [ … m).
  const text = messages.join('\n').replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
  return text
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => `    ${line.slice(0, 300)}`)
}

let passed = 0
let failed = 0
let skipped = 0
let ok = true
/** Each failed test as `run › file › name`, repeated at the very end: CI may keep only the tail. */
const failures = []
for (const [index, run] of runs.entries()) {
  console.log(`\n=== ${run.name} ===`)
  const outputFile = path.join(outDir, `run-${index}.json`)
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...run.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { stdio: 'inherit', env: { ...process.env, ...run.env } },
  )
  if (result.status !== 0) ok = false
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
    if (report.numTotalTests === 0) ok = false
    for (const file of report.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name)
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      for (const test of failedTests) {
        failures.push(`${run.name} › ${name} › ${test.fullName ?? test.title}`)
        failures.push(...firstLines(test.failureMessages))
      }
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`${run.name} › ${name}: ${String(file.message ?? 'failed').split('\n')[0]}`)
    }
  } catch {
    ok = false
    console.error(`No results were written for: ${run.name}`)
  }
}
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`)
if (!ok && failures.length === 0)
  console.log('\nA run exited with an error (an unhandled error, or no results): see its output above.')
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok && failed === 0 ? 0 : 1)
