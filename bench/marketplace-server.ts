// Child process of the marketplace bench: the real app over 100,000 reviews, 100,000 best
// practices and 100,000 community posts written by 20 agencies, about the catalogue's carriers.
import { sql } from 'drizzle-orm'
import { signUpBenchAgency, startBenchApp } from './setup.ts'

const PER_KIND = Number(process.env.BENCH_MARKETPLACE_ITEMS ?? 100_000)
const AGENCIES = 20
const { app, db, database, cookie } = await startBenchApp('marketplace')

const authors: { userId: string; agencyId: string }[] = []
for (let i = 0; i < AGENCIES; i += 1) {
  const { user } = await signUpBenchAgency(app, `market-${i}`)
  authors.push({ userId: user.id, agencyId: user.agencyId })
}
const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows
const carrierIds = rows(
  await db.execute(sql`select id from carriers where agency_id is null order by name`),
).map((row) => String(row.id))
const authorUsers = `{${authors.map((a) => a.userId).join(',')}}`
const authorAgencies = `{${authors.map((a) => a.agencyId).join(',')}}`
const carriers = `{${carrierIds.join(',')}}`

// Words a community writes: 'underwriting' is in about a quarter of the rows (a common term).
const WORDS = `{underwriting,quote,premium,portal,renewal,claims,agent,policy,discount,referral,deductible,
  commission,binder,endorsement,inspection,appetite,broker,carrier,client,coverage,exam,medical,roof,fleet}`
const TAGS = '{auto,home,life,commercial,underwriting,pricing,claims,renewals,exams,roofs}'

/** One kind's rows in one statement; the generated search vector is computed as they go in. */
async function fill(kind: 'review' | 'practice' | 'post', extra: string) {
  const started = Date.now()
  await db.execute(
    sql.raw(`
    insert into marketplace_items (kind, agency_id, author_user_id, carrier_ids, title, content, tags,
      rating, experience_level, category, difficulty, post_type, up_votes, down_votes, score, created_at)
    select '${kind}', a.agencies[1 + i % ${AGENCIES}]::uuid, a.users[1 + i % ${AGENCIES}]::uuid,
      ${kind === 'post' ? `case when i % 3 = 0 then '{}'::uuid[] else array[c.ids[1 + (i * 7) % cardinality(c.ids)], c.ids[1 + (i * 13) % cardinality(c.ids)]]::uuid[] end` : `array[c.ids[1 + (i * 7) % cardinality(c.ids)]]::uuid[]`},
      initcap(w.words[1 + i % 24]) || ' ' || w.words[1 + (i * 5) % 24] || ' notes ' || i,
      'Our ' || w.words[1 + (i * 3) % 24] || ' experience: ' || w.words[1 + (i * 11) % 24] || ' and '
        || w.words[1 + (i * 17) % 24] || ' took ' || (i % 9 + 1) || ' days. '
        || case when i % 4 = 0 then 'Underwriting asked for more documents.' else 'Smooth overall.' end,
      array[t.tags[1 + i % 10], t.tags[1 + (i * 3) % 10]],
      ${extra},
      (i * 37) % 11, (i * 17) % 5, 0,
      now() - make_interval(secs => i * 30)
    from generate_series(1, ${PER_KIND}) as s(i),
      (select '${authorUsers}'::text[] as users, '${authorAgencies}'::text[] as agencies) a,
      (select '${carriers}'::uuid[] as ids) c,
      (select '${WORDS.replace(/\s+/g, '')}'::text[] as words) w,
      (select '${TAGS}'::text[] as tags) t`),
  )
  return Date.now() - started
}

const timings = {
  review: await fill(
    'review',
    `1 + i % 5, (array['beginner','intermediate','expert'])[1 + i % 3], null, null, null`,
  ),
  practice: await fill(
    'practice',
    `null, null, (array['application_tips','underwriting','documentation','pricing'])[1 + i % 4], (array['beginner','intermediate','advanced'])[1 + i % 3], null`,
  ),
  post: await fill(
    'post',
    `null, null, null, null, (array['tip','question','success_story','warning'])[1 + i % 4]`,
  ),
}
// Scores and the carrier index, as the use cases keep them.
await db.execute(
  sql`update marketplace_items set score = marketplace_wilson(up_votes, up_votes + down_votes)`,
)
await db.execute(sql`insert into marketplace_item_carriers (item_id, carrier_id, kind, created_at, score)
  select distinct id, unnest(carrier_ids), kind, created_at, score from marketplace_items`)
await db.execute(sql`analyze marketplace_item_carriers`)
await db.execute(sql`analyze marketplace_items`)

const reviewIds = rows(
  await db.execute(sql`select id from marketplace_items where kind = 'review' order by random() limit 5000`),
).map((row) => String(row.id))
const busyCarrier = carrierIds[7 % carrierIds.length]!
const plan = rows(
  await db.execute(sql`explain select c.item_id from marketplace_items i
    join marketplace_item_carriers c on c.item_id = i.id
    where c.carrier_id = ${busyCarrier}::uuid and c.kind = 'review' and i.status = 'visible'
    order by c.created_at desc, c.item_id desc limit 21`),
).map((row) => String(Object.values(row)[0]))

const url = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(
  JSON.stringify({
    url,
    cookie,
    perKind: PER_KIND,
    database: database.kind,
    carrierId: busyCarrier,
    reviewIds,
    timings,
    plan,
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await database.close()
  process.exit(0)
})
