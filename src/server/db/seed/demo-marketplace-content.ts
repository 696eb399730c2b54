/**
 * What the fictional agencies say in the demo marketplace. Carriers are named by their place in
 * the catalogue (sorted by name), since the catalogue itself is generated.
 */
export const DEMO_AUTHORS = [
  { firstName: 'Maya', lastName: 'Thornton', agencyName: 'Prairie Shield Insurance' },
  { firstName: 'Luis', lastName: 'Ortega', agencyName: 'Coastal Keystone Agency' },
  { firstName: 'Priya', lastName: 'Natarajan', agencyName: 'Summit Ridge Insurance Group' },
  { firstName: 'Ben', lastName: 'Kowalski', agencyName: 'Lakeshore Family Insurance' },
] as const

export const DEMO_REVIEWS = [
  {
    author: 0,
    carrier: 0,
    rating: 5,
    title: 'Underwriters who actually call back',
    review:
      'Sent six personal auto apps last quarter. Every referral got a named underwriter and an answer inside a week.',
    pros: 'responsive underwriting, clear referral notes, fast bind',
    cons: 'portal times out after 15 minutes',
    experienceLevel: 'expert',
    tags: 'auto, underwriting',
  },
  {
    author: 1,
    carrier: 1,
    rating: 4,
    title: 'Solid homeowners appetite on the coast',
    review: 'Wind mitigation credits are generous if the inspection report is attached up front.',
    pros: 'wind credits, good roof age rules',
    cons: 'inspection backlog in summer',
    experienceLevel: 'intermediate',
    tags: 'homeowners, coastal',
  },
  {
    author: 2,
    carrier: 0,
    rating: 4,
    title: 'Good for young drivers, slow on endorsements',
    review: 'New business is quick; mid-term vehicle changes took two or three days each time.',
    pros: 'young driver pricing',
    cons: 'slow endorsements, no e-sign on changes',
    experienceLevel: 'intermediate',
    tags: 'auto, endorsements',
  },
  {
    author: 3,
    carrier: 2,
    rating: 3,
    title: 'Fine rates, paperwork heavy',
    review: 'Term life pricing is competitive but they still want wet signatures on the replacement form.',
    pros: 'competitive term pricing',
    cons: 'wet signatures, long medical questionnaire',
    experienceLevel: 'beginner',
    tags: 'life, paperwork',
  },
  {
    author: 1,
    carrier: 3,
    rating: 2,
    title: 'Commercial submissions disappear',
    review: 'Two small-business packages went quiet for three weeks. Follow up by phone, not the portal.',
    pros: 'broad class appetite',
    cons: 'no status updates, slow quotes',
    experienceLevel: 'expert',
    tags: 'commercial, follow-up',
  },
] as const

export const DEMO_PRACTICES = [
  {
    author: 2,
    carrier: null,
    title: 'Attach the declarations page to every auto app',
    content:
      'Prior carrier, limits and vehicles in one PDF answers most underwriting questions before they are asked.',
    category: 'documentation',
    difficulty: 'beginner',
    tags: 'auto, prior insurance',
  },
  {
    author: 0,
    carrier: 0,
    title: 'Write referral notes like a one-page memo',
    content:
      'Lead with the risk, then what mitigates it, then what you are asking for. Underwriters read the first three lines.',
    category: 'underwriting',
    difficulty: 'intermediate',
    tags: 'underwriting, referrals',
  },
  {
    author: 3,
    carrier: 2,
    title: 'Order the paramedical exam the day you submit',
    content: 'Exams booked the same day cut our life approvals from five weeks to under three.',
    category: 'application_tips',
    difficulty: 'beginner',
    tags: 'life, exams',
  },
  {
    author: 1,
    carrier: 1,
    title: 'Quote the wind deductible both ways',
    content:
      'Show the client the 2% and the 5% wind deductible side by side; most pick the lower premium once they see it.',
    category: 'pricing',
    difficulty: 'advanced',
    tags: 'homeowners, deductibles',
  },
] as const

export const DEMO_POSTS = [
  {
    author: 0,
    postType: 'success_story',
    title: 'Rewrote a 12-vehicle fleet in two days',
    content: 'Bulk submission to three carriers at once; the second quote came in 18% lower.',
    carriers: [0],
    tags: 'commercial auto, bulk',
    isAnonymous: false,
    replies: [
      { author: 2, content: 'Which carrier came in lowest? We have a similar fleet renewing next month.' },
      { author: 0, content: 'The second one on the list. Their fleet credit starts at ten units.' },
    ],
  },
  {
    author: 3,
    postType: 'question',
    title: 'Anyone placing short-term rentals?',
    content: 'A client runs two vacation rentals. Which carriers write them on a homeowners form?',
    carriers: [],
    tags: 'homeowners, rentals',
    isAnonymous: false,
    replies: [{ author: 1, content: 'We use a dwelling fire form with a home-sharing endorsement.' }],
  },
  {
    author: 1,
    postType: 'warning',
    title: 'Watch the new roof-age surcharge',
    content:
      'Roofs over 15 years now get an actual-cash-value settlement unless you ask for the endorsement.',
    carriers: [1],
    tags: 'homeowners, roofs',
    isAnonymous: false,
    replies: [],
  },
  {
    author: 2,
    postType: 'tip',
    title: 'Ask for the loss runs before the renewal meeting',
    content: 'Carriers take up to ten days to send them. Request them 60 days out.',
    carriers: [],
    tags: 'renewals, loss runs',
    isAnonymous: true,
    replies: [],
  },
] as const

/** Votes by author index: +1 up (helpful), -1 down, on [kind, index]. */
export const DEMO_VOTES: {
  voter: number
  kind: 'review' | 'practice' | 'post'
  index: number
  up: boolean
}[] = [
  { voter: 1, kind: 'review', index: 0, up: true },
  { voter: 2, kind: 'review', index: 0, up: true },
  { voter: 3, kind: 'review', index: 0, up: true },
  { voter: 0, kind: 'review', index: 1, up: true },
  { voter: 3, kind: 'review', index: 2, up: false },
  { voter: 0, kind: 'practice', index: 1, up: true },
  { voter: 1, kind: 'practice', index: 0, up: true },
  { voter: 2, kind: 'practice', index: 1, up: true },
  { voter: 3, kind: 'practice', index: 1, up: true },
  { voter: 0, kind: 'practice', index: 3, up: false },
  { voter: 1, kind: 'post', index: 0, up: true },
  { voter: 3, kind: 'post', index: 0, up: true },
  { voter: 0, kind: 'post', index: 2, up: true },
]

/**
 * Applications the fictional agencies sent and had decided, by carrier: so the demo shows
 * Verified badges and a measured turnaround. [author, carrier, days to decision, days ago sent].
 */
export const DEMO_DECIDED_SUBMISSIONS: [number, number, number, number][] = [
  [0, 0, 3, 40],
  [0, 0, 5, 33],
  [2, 0, 4, 28],
  [2, 0, 8, 21],
  [1, 0, 6, 18],
  [0, 0, 12, 15],
  [1, 1, 2, 30],
  [1, 1, 3, 24],
  [3, 1, 3, 19],
  [1, 1, 4, 12],
  [3, 1, 9, 11],
]
