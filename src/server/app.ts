import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { Config } from './config.ts'
import type { Db } from './db/connect.ts'
import type { AssistantProvider } from './features/assistant/assistant-provider.service.ts'
import { chooseAssistant } from './features/assistant/choose-assistant.ts'
import { resolveSession } from './features/auth/sessions.service.ts'
import type { GoogleSignIn } from './features/auth/sign-in-with-google.ts'
import { createPaymentProvider } from './features/billing/create-payment-provider.ts'
import type { PaymentProvider } from './features/billing/payment-provider.service.ts'
import { parseAllowList } from './features/carrier-delivery/ssrf.service.ts'
import { createHelloSignProvider } from './features/esigning/providers/hellosign-provider.service.ts'
import {
  type SigningProviders,
  signingProviders,
} from './features/esigning/providers/signing-provider.service.ts'
import {
  type SigningCertificate,
  signingCertificateLoader,
} from './features/esigning/signing-certificate.service.ts'
import { registerFeatures } from './features/index.ts'
import { registerAdmission } from './platform/admission.ts'
import { registerSessionAuth, sessionCookie } from './platform/auth.plugin.ts'
import { answerClientError } from './platform/client-errors.ts'
import { type FieldCipher, loadSecret } from './platform/crypto.ts'
import { registerErrorHandling } from './platform/errors.plugin.ts'
import { lazyRequestLogger } from './platform/request-logger.ts'
import { serializerCompiler } from './platform/response-serializer.ts'
import { registerSecurityHooks } from './platform/security.plugin.ts'
import { registerSecurityHeaders } from './platform/security-headers.ts'
import { connectSharedRateLimits } from './platform/shared-rate-limits.ts'
import { createStorage } from './platform/storage/create-storage.ts'
import { MULTIPART_FILE_CAP_BYTES } from './platform/storage/receive-upload.ts'
import type { FileStorage } from './platform/storage/storage.ts'
import { registerUnreadBodyDrain } from './platform/unread-body.ts'
import { contractValidator } from './platform/validator.ts'
import { registerWeb } from './platform/web-app.ts'

export interface ApiRoute {
  method: string
  url: string
  public: boolean
  /** The zod schemas the route validates its input with (absent where it reads the body itself). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every /api route with its access rule and input schemas, so tests can prove each one is
     * guarded and drive each with hostile input built from its own contract.
     */
    apiRoutes: ApiRoute[]
  }
}

/** Where Google Analytics 4's tag loads from and reports to. */
const ANALYTICS_SCRIPT_SOURCES = ['https://www.googletagmanager.com']
const ANALYTICS_CONNECT_SOURCES = [
  'https://www.google-analytics.com',
  'https://region1.google-analytics.com',
  'https://www.googletagmanager.com',
]

export interface AppDeps {
  config: Config
  db: Db
  sessionSecret: string
  /** Encrypts sensitive fields (SSNs, licence and account numbers). */
  cipher: FieldCipher
  /** Where documents' bytes live; made from the configuration (disk or S3) unless given. */
  storage?: FileStorage
  paymentProvider?: PaymentProvider
  google?: GoogleSignIn
  /** Where the built browser app is; null serves the API only. */
  webRoot?: string | null
  /** Tests capture the log here. */
  logStream?: DestinationStream
  /** The in-process job worker, woken when a request queues work (absent: jobs run elsewhere). */
  jobs?: { wake(): void }
  /** How long a bulk submit waits for first delivery outcomes; 4 s unless said. */
  submitWaitMs?: number
  /** The sealing certificate (read from the configuration unless given; main.ts reads it at start). */
  signingCertificate?: () => SigningCertificate
  /** E-signing providers (from the configuration unless given). */
  signingProviders?: SigningProviders
  /** Who answers the assistant; chosen from the configuration (AI_*) unless given. */
  assistant?: AssistantProvider
}

// Never log secrets or personal data: bodies are not logged at all, and these paths are censored
// wherever they appear in an object we do log.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.ssn',
  '*.spouseSsn',
  '*.routingNumber',
  '*.accountNumber',
  '*.driversLicenseNumber',
]

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        // The path only: query strings can hold search terms (client names) and OAuth codes.
        req: (req) => ({ method: req.method, path: req.url.split('?')[0], remoteAddress: req.ip }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.PUBLIC_URL !== undefined,
    // 128: the longest path parameter a contract takes (a session id). Fastify's default of 100
    // answered 414 for ids the contract accepts and should simply not find (404).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 128 },
    clientErrorHandler: answerClientError,
  })
  const apiRoutes: FastifyInstance['apiRoutes'] = []
  app.decorate('apiRoutes', apiRoutes)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      const { body, querystring, params } = route.schema ?? {}
      const isPublic = route.config?.public === true
      apiRoutes.push({ method, url: route.url, public: isPublic, schema: { body, querystring, params } })
    }
  })
  // Bodies are JSON (or multipart where a feature registers it), nothing else.
  app.removeContentTypeParser(['text/plain'])
  app.setValidatorCompiler(contractValidator)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // During shutdown, answers close their connection, so a keep-alive socket of a request that
  // was in flight does not hold the server open once that request is done.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id)
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  registerUnreadBodyDrain(app, { closing: () => closing })
  // First of the request hooks: a request waits its turn (or is shed) before any query.
  registerAdmission(app, {
    concurrency: config.MAX_CONCURRENT_REQUESTS ?? (config.DATABASE_URL ? 20 : 4),
    waitBudgetMs: config.REQUEST_WAIT_BUDGET_MS,
  })

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The analytics tag, only when a measurement id is configured (decision 021).
        scriptSrc: ["'self'", ...(config.ANALYTICS_MEASUREMENT_ID ? ANALYTICS_SCRIPT_SOURCES : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.ANALYTICS_MEASUREMENT_ID ? ANALYTICS_CONNECT_SOURCES : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  })
  // JSON and pages over 1 KB go out compressed. Downloads opt out (their routes say compress:
  // false), and types that are compressed already (PDF, PNG, xlsx) are left as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Answers are made per request: a fast brotli level, not the build's maximum.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(cookie, { secret: deps.sessionSecret })
  // Uploads stream to the route that asks for them.
  await app.register(multipart, {
    limits: { fileSize: MULTIPART_FILE_CAP_BYTES, files: 1, fields: 5, parts: 10 },
  })
  // Counted in Redis when there is one, so that many processes spend one budget (README).
  const sharedLimits = config.REDIS_URL
    ? await connectSharedRateLimits({
        url: config.REDIS_URL,
        keyPrefix: config.REDIS_KEY_PREFIX,
        log: app.log,
      })
    : undefined
  if (sharedLimits) app.addHook('onClose', async () => sharedLimits.close())
  // API calls only: a page load fetches a dozen static files, and an office behind one address
  // would otherwise run out of its budget just by opening screens.
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(sharedLimits ? { store: sharedLimits.store } : {}),
  })
  await app.register(swagger, {
    openapi: { info: { title: 'Agency back office API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: false },
  })

  registerSecurityHooks(app, { publicUrl: config.PUBLIC_URL })
  const cookieOptions = sessionCookie(config.secureCookies)
  const policy = { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }
  registerSessionAuth(app, {
    db: deps.db,
    cookie: cookieOptions,
    resolveSession: (token, options) => resolveSession(deps.db, policy, token, options),
  })
  registerFeatures(app, {
    db: deps.db,
    policy,
    cookie: cookieOptions,
    authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
    paymentProvider: deps.paymentProvider ?? createPaymentProvider(config),
    google: deps.google,
    cipher: deps.cipher,
    auditSigningKey: loadSecret({
      fromEnv: config.AUDIT_SIGNING_KEY,
      dataDir: config.DATA_DIR,
      fileName: 'audit-signing.key',
    }),
    storage: deps.storage ?? createStorage(config),
    smtpConfigured: Boolean(config.SMTP_URL),
    analyticsMeasurementId: config.ANALYTICS_MEASUREMENT_ID,
    pageViewsPerMinute: config.PAGE_VIEWS_PER_MINUTE,
    esigning: {
      certificate:
        deps.signingCertificate ??
        signingCertificateLoader({
          p12Path: config.SIGNING_P12_PATH,
          passphrase: config.SIGNING_P12_PASSPHRASE,
          dataDir: config.DATA_DIR,
        }),
      providers:
        deps.signingProviders ??
        signingProviders([
          createHelloSignProvider({
            apiKey: config.HELLOSIGN_API_KEY,
            apiUrl: config.HELLOSIGN_API_URL,
            testMode: config.HELLOSIGN_TEST_MODE,
          }),
        ]),
      helloSignApiKey: config.HELLOSIGN_API_KEY,
    },
    marketplace: { postsPerHour: config.MARKETPLACE_POSTS_PER_HOUR },
    contact: { supportEmail: config.SUPPORT_EMAIL, wake: () => deps.jobs?.wake() },
    assistant:
      deps.assistant ??
      chooseAssistant(
        config.AI_BASE_URL && config.AI_MODEL
          ? {
              baseUrl: config.AI_BASE_URL,
              apiKey: config.AI_API_KEY,
              model: config.AI_MODEL,
              timeoutMs: config.AI_TIMEOUT_SECONDS * 1000,
            }
          : undefined,
      ),
    delivery: {
      allowList: parseAllowList(config.CARRIER_ENDPOINT_ALLOWLIST),
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      wake: () => deps.jobs?.wake(),
      submitWaitMs: deps.submitWaitMs ?? 4_000,
    },
  })
  await registerWeb(
    app,
    deps.webRoot === undefined ? path.resolve('dist/web') : deps.webRoot,
    cookieOptions.name,
  )
  return app
}
