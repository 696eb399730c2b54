// A worker process without the web server: `npm run worker`, for running jobs apart from web
// processes (set WORKER=false on those). Needs DATABASE_URL: PGlite allows one process only.
import pino from 'pino'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/connect.ts'
import { parseAllowList } from './features/carrier-delivery/ssrf.service.ts'
import { moveDocumentsToStorage } from './features/documents/move-documents-to-storage.ts'
import { createJobHandlers, scheduleRecurringJobs } from './features/index.ts'
import { sealLegacyAuditEvents } from './platform/audit-seal.ts'
import { createFieldCipher, loadSecret } from './platform/crypto.ts'
import { createJobRunner } from './platform/jobs.ts'
import { createStorage } from './platform/storage/create-storage.ts'

const config = loadConfig()
const log = pino({ level: config.LOG_LEVEL })
if (!config.DATABASE_URL) {
  log.error(
    'npm run worker needs DATABASE_URL; with the embedded database the web process runs the jobs (WORKER=true)',
  )
  process.exit(1)
}
const database = await openDatabase(config)
await database.migrate()
await sealLegacyAuditEvents(database.db)
// The same key as the web processes: connection secrets are stored encrypted with it.
const cipher = createFieldCipher(
  loadSecret({ fromEnv: config.DATA_ENCRYPTION_KEY, dataDir: config.DATA_DIR, fileName: 'encryption.key' }),
)
// The same storage as the web processes: S3 when there is more than one machine (README).
const storage = createStorage(config)
await moveDocumentsToStorage(database.db, storage)
const runner = createJobRunner({
  db: database.db,
  handlers: createJobHandlers(database.db, {
    cipher,
    storage,
    log,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    allowList: parseAllowList(config.CARRIER_ENDPOINT_ALLOWLIST),
    stripeConfigured: Boolean(config.STRIPE_SECRET_KEY),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  }),
  log,
  staleAfterMs: config.JOB_STALE_AFTER_SECONDS * 1000,
})
await scheduleRecurringJobs(database.db)
runner.start()
log.info('job worker started')
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await runner.stop()
    await database.close()
    log.info('job worker stopped')
    process.exit(0)
  })
}
