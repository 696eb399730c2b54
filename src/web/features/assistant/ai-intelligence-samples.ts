/**
 * The fixed sample data of the AI Intelligence demos (spec part 3 §2): nothing here is computed
 * or read from an agency. Names are fictional.
 */
export const CLAIMS_DEMO_DELAY_MS = 2000

export const SAMPLE_CLAIM =
  'Rear-ended at a stop light on 5/14. Bumper and tail light damaged, no injuries. Police report filed; other driver admitted fault.'

export const CANNED_DECISION = {
  decision: 'Approve for fast-track handling',
  confidence: '87%',
  fraudRisk: 'Low',
  estimate: '$2,400 – $3,100',
  nextSteps: [
    'Request photos of the damage',
    'Confirm the police report number',
    'Open subrogation against the other carrier',
  ],
} as const

export const BEHAVIOUR_SAMPLES = [
  { label: 'Client engagement score', value: '78 / 100' },
  { label: 'Renewal likelihood', value: '82%' },
  { label: 'Best time to call', value: 'Tue–Thu, 10–11 am' },
] as const

export const PREDICTION_SAMPLES = [
  { label: 'Renewals due next quarter', value: '142' },
  { label: 'Clients at risk of leaving', value: '9' },
  { label: 'Cross-sell opportunities', value: '23' },
] as const

export const COMPETITOR_SAMPLES = [
  { name: 'Northwind Mutual', premium: '$1,240', trend: 'Raising auto rates 4%' },
  { name: 'Bluebird Assurance', premium: '$1,185', trend: 'New bundle discount' },
  { name: 'Cedar Ridge Insurance', premium: '$1,310', trend: 'Leaving two counties' },
] as const

export const EXPANSION_SAMPLES = [
  { market: 'Ontario, Canada', readiness: '72%', note: 'Licensing partner needed' },
  { market: 'Mexico City, Mexico', readiness: '58%', note: 'Strong auto demand' },
  { market: 'Dublin, Ireland', readiness: '41%', note: 'Regulatory review first' },
] as const
