import type { SubmissionMethod } from '#shared/contracts/carriers.contract.ts'
import { INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { US_STATE_CODES } from '#shared/domain/us-states.ts'

/**
 * The platform's carrier catalogue: 95 fictional carriers (names made up; no real company, no
 * invented ratings of one). Attributes come from a fixed-seed generator, so every install has
 * the same catalogue and re-seeding adds only what is missing.
 */
const ROOTS = [
  'Amberfield',
  'Bluewater Ridge',
  'Copperleaf',
  'Driftstone',
  'Elmhaven',
  'Fernbrook',
  'Glenmoor',
  'Hollowell',
  'Ivybridge',
  'Juniper Vale',
  'Kestrel Point',
  'Larkspur',
  'Marrowstone',
  'Nettlefield',
  'Oakmere',
  'Pinecrest Harbor',
  'Quillstone',
  'Redfern',
  'Stonehollow',
  'Thistledown',
  'Umberline',
  'Valewood',
  'Willowmere',
  'Yarrowfield',
  'Zephyr Crest',
]
const SUFFIXES = ['Mutual', 'Casualty', 'Life & Health', 'Assurance']
const STRENGTHS = ['A++', 'A+', 'A+', 'A', 'A', 'A', 'A-', 'A-', 'B++', 'B+']
const METHODS: SubmissionMethod[] = ['api', 'api', 'api', 'email', 'pdf', 'manual']
/** The 50 states without DC, in the shared order: the seeded shuffle below depends on both. */
const STATES = US_STATE_CODES.filter((code) => code !== 'DC')

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface CatalogueCarrier {
  name: string
  code: string
  supportedTypes: string[]
  avgPremiumCents: number
  coverageRating: number
  consumerConfidenceScore: number
  financialStrength: string
  submissionMethod: SubmissionMethod
  primaryState: string
  states: string[]
  contactEmail: string
  isActive: boolean
}

export function buildCatalogue(count = 95): CatalogueCarrier[] {
  const next = random(20261121)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const carriers: CatalogueCarrier[] = []
  for (let i = 0; i < count; i++) {
    const root = ROOTS[i % ROOTS.length]!
    const suffix = SUFFIXES[Math.floor(i / ROOTS.length) % SUFFIXES.length]!
    const name = `${root} ${suffix}`
    const types = INSURANCE_TYPES.filter(() => next() < 0.45)
    const supportedTypes = types.length > 0 ? types : [pick(INSURANCE_TYPES)]
    const stateCount = 3 + Math.floor(next() * 30)
    const states = [...STATES]
      .sort(() => next() - 0.5)
      .slice(0, stateCount)
      .sort()
    const initials =
      root
        .split(' ')
        .map((w) => w[0])
        .join('') + suffix[0]
    carriers.push({
      name,
      code: `${initials}${String(i + 1).padStart(2, '0')}`.toUpperCase(),
      supportedTypes,
      avgPremiumCents: Math.round((60 + next() * 900) / 5) * 500,
      coverageRating: 1 + Math.floor(next() * 5),
      consumerConfidenceScore: Math.round((2 + next() * 3) * 10) / 10,
      financialStrength: pick(STRENGTHS),
      submissionMethod: pick(METHODS),
      primaryState: states[0]!,
      states,
      contactEmail: `submissions@${root.toLowerCase().replace(/[^a-z]/g, '')}-${suffix.toLowerCase().replace(/[^a-z]/g, '')}.example`,
      // A few carriers are closed to new business, as in any real catalogue.
      isActive: next() > 0.06,
    })
  }
  return carriers
}
