// The assistant (issue #19), in process through the real routes (session, validation, the answer,
// the stored messages and their audit events):
// 1. A built-in answer (POST /api/ai/messages): data questions read from an agency with 200
//    clients and 40 applications, product questions from the FAQ and guides, and the honest
//    fallback, in turn. Target p95 < 100 ms.
// 2. Form suggestions for a full auto application (ZIP, mailing ZIP, VIN, budget, income, home):
//    POST /api/ai/form-suggestions/generate, the same form again (the suggestions are found) and
//    with a new mailing ZIP each time (new ones written and audited). Target p95 < 50 ms.
// Beside both, GET /api/auth/user in the same run as the baseline (ratio of p95s).
import { createRequire } from 'node:module'
import type { FastifyInstance } from 'fastify'
import { activatePlan } from '#server/features/agencies/agencies.service.ts'
import { preloadZipCodes } from '#server/features/assistant/form-suggestions/lookup-zip.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { startBenchApp } from './setup.ts'

const RUNS = Number(process.env.BENCH_ASSISTANT_RUNS ?? 300)
const WARMUP = 20
const CLIENTS = 200
const APPLICATIONS = 40
const ORIGIN = { origin: 'http://bench.local', host: 'bench.local' }

const QUESTIONS = [
  'How many clients do I have?',
  'How many applications are pending?',
  'Show my latest applications',
  'How many applications do I have left this month?',
  'Who are my newest clients?',
  'Give me an overview of my agency',
  'How do I import clients from a spreadsheet?',
  'How long are records kept?',
  'Can I turn on two-factor sign-in?',
  'What is the weather in Paris?',
]

const FULL_AUTO_FORM = {
  formType: 'application',
  formData: {
    insuranceType: 'auto',
    clientData: {
      zipCode: '78701',
      mailingZipCode: '10001',
      budgetRange: '100_200',
      preferredCoverage: '',
      annualIncome: '85000',
      homeOwner: true,
      accidentsLast5Years: '1',
      dui: false,
    },
    applicationData: {
      autoData: {
        vehicleVin: '1HGCM82633A004352',
        vehicleYear: '',
        vehicleMake: '',
        coverageType: '',
        deductible: '',
      },
    },
  },
}

type Call = { method: 'GET' | 'POST'; url: string; payload?: object }

async function timeCalls(
  app: FastifyInstance,
  cookie: string,
  next: (n: number) => Call,
  runs: number,
  after?: (body: string) => void,
) {
  const times: number[] = []
  for (let n = -WARMUP; n < runs; n++) {
    const call = next(n + WARMUP)
    const started = performance.now()
    const response = await app.inject({ ...call, headers: { cookie, ...ORIGIN } })
    const elapsed = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`${call.url}: ${response.statusCode} ${response.body}`)
    after?.(response.body)
    if (n >= 0) times.push(elapsed)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

export async function benchAssistant(): Promise<void> {
  const bench = await startBenchApp('assistant')
  const { app, cookie, user } = bench
  await activatePlan(bench.db, user.agencyId, {
    planCode: 'professional',
    billingPeriod: 'monthly',
    endsAt: new Date(Date.now() + 30 * 86_400_000),
  })
  for (let i = 0; i < CLIENTS; i++) {
    const { ssn: _ssn, ...client } = sampleClientData({ firstName: `Client${i}` })
    const response = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie, ...ORIGIN },
      payload: client,
    })
    if (response.statusCode !== 201) throw new Error(`client: ${response.statusCode} ${response.body}`)
  }
  // The agency's own carrier (manual delivery: a packet and a task, nothing leaves the process).
  const carrier = await app.inject({
    method: 'POST',
    url: '/api/carriers',
    headers: { cookie, ...ORIGIN },
    payload: {
      name: 'Bench Mutual',
      code: 'BENCHMUT',
      state: 'TX',
      states: ['TX'],
      supportedTypes: ['auto'],
      submissionMethod: 'manual',
    },
  })
  if (carrier.statusCode !== 201) throw new Error(`carrier: ${carrier.statusCode} ${carrier.body}`)
  for (let i = 0; i < APPLICATIONS; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie, ...ORIGIN },
      payload: {
        clientData: sampleClientData(),
        insuranceType: 'auto',
        bulkSubmissionType: 'specific_carriers',
        carrierId: carrier.json().id,
      },
    })
    if (response.statusCode !== 201) throw new Error(`application: ${response.statusCode} ${response.body}`)
  }
  preloadZipCodes()

  const baseline = await timeCalls(app, cookie, () => ({ method: 'GET', url: '/api/auth/user' }), RUNS)
  let conversationId: string | undefined
  const answers = await timeCalls(
    app,
    cookie,
    (n) => {
      // A conversation of ten questions, then a new one (as people use it).
      if (n % QUESTIONS.length === 0) conversationId = undefined
      return {
        method: 'POST',
        url: '/api/ai/messages',
        payload: { content: QUESTIONS[n % QUESTIONS.length]!, ...(conversationId ? { conversationId } : {}) },
      }
    },
    RUNS,
    (body) => {
      conversationId = (JSON.parse(body) as { conversationId: string }).conversationId
    },
  )
  const suggestions = await timeCalls(
    app,
    cookie,
    () => ({ method: 'POST', url: '/api/ai/form-suggestions/generate', payload: FULL_AUTO_FORM }),
    RUNS,
  )
  // A new mailing ZIP each time: two new suggestions written (and audited) on every call.
  const zipTable = createRequire(import.meta.url)('zipcodes').codes as Record<string, { country: string }>
  const zips = Object.entries(zipTable)
    .filter(([zip, place]) => place.country === 'US' && /^\d{5}$/.test(zip) && zip !== '10001')
    .map(([zip]) => zip)
    .slice(0, RUNS + WARMUP)
  const fresh = await timeCalls(
    app,
    cookie,
    (n) => ({
      method: 'POST',
      url: '/api/ai/form-suggestions/generate',
      payload: {
        ...FULL_AUTO_FORM,
        formData: {
          ...FULL_AUTO_FORM.formData,
          clientData: { ...FULL_AUTO_FORM.formData.clientData, mailingZipCode: zips[n]! },
        },
      },
    }),
    RUNS,
  )
  const generated = await app.inject({
    method: 'POST',
    url: '/api/ai/form-suggestions/generate',
    headers: { cookie, ...ORIGIN },
    payload: FULL_AUTO_FORM,
  })

  console.log(
    `\nassistant (${bench.database.kind}, ${RUNS} runs each, ${CLIENTS} clients, ${APPLICATIONS} applications)`,
  )
  console.log(`  baseline GET /api/auth/user: p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}`)
  console.log(
    `  built-in answer (${QUESTIONS.length} questions in turn): p50 ${ms(answers.p50)}, p95 ${ms(answers.p95)}, p99 ${ms(answers.p99)}; p95 ×${(answers.p95 / baseline.p95).toFixed(1)} the baseline (target p95 < 100 ms)`,
  )
  console.log(
    `  form suggestions, full auto application (${generated.json().suggestions.length} suggestions), asked again: p50 ${ms(suggestions.p50)}, p95 ${ms(suggestions.p95)}, p99 ${ms(suggestions.p99)}; p95 ×${(suggestions.p95 / baseline.p95).toFixed(1)} the baseline (target p95 < 50 ms)`,
  )
  console.log(
    `  form suggestions, a new mailing ZIP each time (2 written): p50 ${ms(fresh.p50)}, p95 ${ms(fresh.p95)}, p99 ${ms(fresh.p99)}; p95 ×${(fresh.p95 / baseline.p95).toFixed(1)} the baseline (target p95 < 50 ms)`,
  )
  await app.close()
  await bench.database.close()
}
