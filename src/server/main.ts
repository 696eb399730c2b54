import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/connect.ts'
import { seedDemoData } from './db/seed/index.ts'
import { createGoogleSignIn } from './features/auth/sign-in-with-google.ts'
import { parseAllowList } from './features/carrier-delivery/ssrf.service.ts'
import { seedCarrierCatalogue } from './features/carriers/carriers.service.ts'
import { moveDocumentsToStorage } from './features/documents/move-documents-to-storage.ts'
import { deriveMacKey } from './features/esigning/record-mac.service.ts'
import { signingCertificateLoader } from './features/esigning/signing-certificate.service.ts'
import { createJobHandlers, scheduleRecurringJobs } from './features/index.ts'
import { sealLegacyAuditEvents } from './platform/audit-seal.ts'
import { createFieldCipher, loadSecret } from './platform/crypto.ts'
import { createJobRunner } from './platform/jobs.ts'
import { createStorage } from './platform/storage/create-storage.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase(config)
  await database.migrate()
  await sealLegacyAuditEvents(database.db)
  // Generated once into DATA_DIR (mode 0600) unless given.
  const sessionSecret =
    config.SESSION_SECRET ?? loadSecret({ dataDir: config.DATA_DIR, fileName: 'session.key' }).toString('hex')
  const cipher = createFieldCipher(
    loadSecret({ fromEnv: config.DATA_ENCRYPTION_KEY, dataDir: config.DATA_DIR, fileName: 'encryption.key' }),
  )
  const storage = createStorage(config)
  // Read (or made) now: a wrong SIGNING_P12_PATH or passphrase stops the start with its reason.
  const signingCertificate = signingCertificateLoader({
    p12Path: config.SIGNING_P12_PATH,
    passphrase: config.SIGNING_P12_PASSPHRASE,
    dataDir: config.DATA_DIR,
  })
  signingCertificate()
  await moveDocumentsToStorage(database.db, storage)
  await seedCarrierCatalogue(database.db)
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`
  if (config.demoData) {
    const auditSigningKey = loadSecret({
      fromEnv: config.AUDIT_SIGNING_KEY,
      dataDir: config.DATA_DIR,
      fileName: 'audit-signing.key',
    })
    await seedDemoData(database.db, {
      cipher,
      storage,
      publicUrl,
      esigning: { certificate: signingCertificate, macKey: deriveMacKey(auditSigningKey), publicUrl },
    })
  }
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleSignIn({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: `${publicUrl}/api/auth/google/callback`,
        })
      : undefined
  // The worker logs through the app's logger, which exists once the app is built.
  let log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void } = console
  // The daily backup runs in the process that owns PGlite: only it can take a consistent copy.
  const embedded = database.kind === 'pglite'
  const runner = config.WORKER
    ? createJobRunner({
        db: database.db,
        handlers: createJobHandlers(database.db, {
          cipher,
          storage,
          smtpUrl: config.SMTP_URL,
          mailFrom: config.MAIL_FROM,
          allowList: parseAllowList(config.CARRIER_ENDPOINT_ALLOWLIST),
          stripeConfigured: Boolean(config.STRIPE_SECRET_KEY),
          publicUrl,
          log: { info: (obj, msg) => log.info(obj, msg) },
          backup: embedded
            ? {
                database,
                dataDir: config.DATA_DIR,
                backupDir: config.backupDir,
                keep: config.BACKUP_KEEP,
                includeFiles: storage.kind === 'disk',
              }
            : undefined,
        }),
        log: { info: (obj, msg) => log.info(obj, msg), error: (obj, msg) => log.error(obj, msg) },
        staleAfterMs: config.JOB_STALE_AFTER_SECONDS * 1000,
      })
    : undefined
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret,
    cipher,
    storage,
    google,
    jobs: runner,
    signingCertificate,
  })
  log = app.log

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    await app.close()
    await runner?.stop()
    await database.close()
    app.log.info('stopped cleanly')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  if (runner) {
    await scheduleRecurringJobs(database.db, { backups: embedded })
    runner.start()
  }
  app.log.info(`Agency back office at ${publicUrl} (${database.kind}${config.demoData ? ', demo data' : ''})`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('Start-up failed:', error)
  process.exit(1)
})
