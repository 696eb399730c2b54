import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of process.env. A wrong value stops start-up with one line per bad variable.
 * Every variable is documented in the README's configuration table.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'use true or false' })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value))

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DATA_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    AUDIT_SIGNING_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 32-byte Ed25519 seed)')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Agency Back Office <no-reply@localhost>'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    // Another address for Stripe's API: the tests' loopback fake, or an egress proxy.
    STRIPE_API_BASE: z.url({ message: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    AI_BASE_URL: z.url({ message: 'must be an http(s) URL, e.g. https://api.openai.com/v1' }).optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().min(1).optional(),
    AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    SUPPORT_EMAIL: z
      .string()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
      .default('support@localhost'),
    /** A Google Analytics 4 measurement id: the third-party tag loads only when it is set. */
    ANALYTICS_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a measurement id such as G-ABC123DEF4')
      .optional(),
    /** Page views one browser session may record a minute. */
    PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** API requests at work at once per process; by default 4 on the embedded database, 20 on PostgreSQL. */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1000).optional(),
    /** The longest a request waits for its turn before the process answers 503 with Retry-After. */
    REQUEST_WAIT_BUDGET_MS: z.coerce.number().int().min(10).max(600_000).default(600),
    WORKER: flag.default(true),
    DEMO_DATA: flag.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    // Rate limits shared by every process through this Redis; without it each process counts alone.
    REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
    // Keeps these keys apart from another install's (or another test's) on the same Redis.
    REDIS_KEY_PREFIX: z.string().min(1).default('agency-back-office:'),
    // Reviews, practices, posts and replies one user may post in an hour (the community spans agencies).
    MARKETPLACE_POSTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    CARRIER_ENDPOINT_ALLOWLIST: z.string().optional(),
    // The certificate that seals signed PDFs; without it one is generated into DATA_DIR (self-signed).
    SIGNING_P12_PATH: z.string().optional(),
    SIGNING_P12_PASSPHRASE: z.string().optional(),
    // Dropbox Sign (HelloSign), the third-party e-signing provider; without a key it is not offered.
    HELLOSIGN_API_KEY: z.string().optional(),
    HELLOSIGN_API_URL: z.url().default('https://api.hellosign.com'),
    HELLOSIGN_TEST_MODE: flag.default(false),
    // A job running this long is taken over by another worker: its own worker is taken for dead.
    // Keep it well above the carrier API timeout (15 s), or live deliveries would be taken over.
    JOB_STALE_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
    // The daily backup of the embedded database (and `npm run backup`): where, and how many to keep.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(7),
  })
  .superRefine((config, context) => {
    // Without the webhook secret no payment would ever be confirmed: refuse to start half-configured.
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET)
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'required with STRIPE_SECRET_KEY',
      })
    if (config.AI_BASE_URL && !config.AI_MODEL)
      context.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'required with AI_BASE_URL (the model to ask, e.g. gpt-4o-mini or llama3.1)',
      })
  })

export type Config = z.infer<typeof ConfigSchema> & {
  /** Seed the demo agency: on by default for the embedded database, off for DATABASE_URL. */
  demoData: boolean
  secureCookies: boolean
  /** BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = ConfigSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = parsed.data
  return {
    ...config,
    demoData: config.DEMO_DATA ?? !config.DATABASE_URL,
    secureCookies: config.PUBLIC_URL?.startsWith('https://') ?? false,
    backupDir: path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups')),
  }
}
