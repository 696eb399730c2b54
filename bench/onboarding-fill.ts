// SQL that fills onboarding data fast (generate_series), for the onboarding benches. The rows are
// what the app itself would write; their figures spread over every band, status and threshold.
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { DEFAULT_WORKFLOW, DEFAULT_WORKFLOW_STEPS } from '#shared/domain/onboarding-workflow.ts'

/** The default workflow for each of these agencies. */
export async function fillWorkflows(db: Db, agencyIds: string[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO onboarding_workflows (agency_id, name, description, steps)
    SELECT a, ${DEFAULT_WORKFLOW.name}, ${DEFAULT_WORKFLOW.description}, ${JSON.stringify(DEFAULT_WORKFLOW_STEPS)}::jsonb
    FROM unnest(${`{${agencyIds.join(',')}}`}::uuid[]) AS a`)
}

/** `perAgency` agents in each agency (a third of them joined: a user row of their own). */
export async function fillAgents(db: Db, agencyIds: string[], perAgency: number): Promise<void> {
  const agencies = `{${agencyIds.join(',')}}`
  await db.execute(sql`
    INSERT INTO users (agency_id, email, first_name, last_name, role)
    SELECT a, 'agent-' || g || '-' || a || '@bench.example', 'Agent', 'B' || g, 'agent'
    FROM unnest(${agencies}::uuid[]) AS a, generate_series(1, ${perAgency}) AS g WHERE g % 3 = 0`)
  await db.execute(sql`
    INSERT INTO onboarding_agents (agency_id, agent_code, first_name, last_name, email, phone, department,
      start_date, workflow_id, user_id)
    SELECT a, 'AGT-' || g, 'Agent', 'B' || g, 'agent-' || g || '-' || a || '@bench.example',
      CASE WHEN g % 5 = 0 THEN NULL ELSE '(512) 555-' || lpad((g % 10000)::text, 4, '0') END,
      (ARRAY['sales','personal-lines','commercial-lines','life-health','customer-service','claims'])[1 + g % 6],
      current_date - (g % 90), w.id, u.id
    FROM unnest(${agencies}::uuid[]) AS a
    CROSS JOIN generate_series(1, ${perAgency}) AS g
    JOIN onboarding_workflows w ON w.agency_id = a
    LEFT JOIN users u ON u.agency_id = a AND u.email = 'agent-' || g || '-' || a || '@bench.example'`)
}

const numbered = sql`SELECT id, agency_id, row_number() OVER (PARTITION BY agency_id ORDER BY id) AS n,
  count(*) OVER (PARTITION BY agency_id) AS total FROM onboarding_agents`

/** `perAgent` licenses for each agent, dated from a year ago to three years ahead. */
export async function fillLicenses(db: Db, perAgent: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO agent_licenses (agency_id, agent_id, license_number, state, license_type, expiration_date, status)
    SELECT a.agency_id, a.id, 'L-' || a.n || '-' || g, (ARRAY['TX','CA','FL','NY','OK'])[1 + g % 5],
      (ARRAY['Life & Health','Property & Casualty','Life Only'])[1 + g % 3],
      current_date + (((a.n * 7919 + g * 104729) % 1460) - 365)::int,
      CASE WHEN (a.n + g) % 20 = 0 THEN 'suspended' ELSE 'active' END
    FROM (${numbered}) a CROSS JOIN generate_series(1, ${perAgent}) AS g`)
}

/** `perAgent` training sessions and documents for each agent of one agency. */
export async function fillRecords(
  db: Db,
  agencyId: string,
  sessionsPerAgent: number,
  documentsPerAgent: number,
) {
  await db.execute(sql`
    INSERT INTO training_sessions (agency_id, agent_id, title, training_type, scheduled_date, attendance_required,
      attendance_confirmed, status)
    SELECT a.agency_id, a.id, 'Session ' || g, 'onboarding', now() + make_interval(days => ((a.n + g) % 60)::int - 30),
      g % 3 <> 0, (a.n + g) % 4 = 0,
      (ARRAY['completed','scheduled','scheduled','completed','no_show'])[1 + ((a.n + g) % 5)::int]
    FROM (${numbered}) a CROSS JOIN generate_series(1, ${sessionsPerAgent}) AS g WHERE a.agency_id = ${agencyId}`)
  await db.execute(sql`
    INSERT INTO onboarding_documents (agency_id, agent_id, document_type, document_name, expiration_date, status)
    SELECT a.agency_id, a.id, (ARRAY['eo_insurance','background_check','w9','photo_id'])[1 + g % 4], 'Document ' || g,
      current_date + ((a.n * 31 + g * 97) % 500 - 30)::int,
      (ARRAY['approved','approved','pending','rejected'])[1 + ((a.n + g) % 4)::int]
    FROM (${numbered}) a CROSS JOIN generate_series(1, ${documentsPerAgent}) AS g WHERE a.agency_id = ${agencyId}`)
  await db.execute(sql`INSERT INTO onboarding_versions (agency_id, version) VALUES (${agencyId}, 1)
    ON CONFLICT (agency_id) DO UPDATE SET version = onboarding_versions.version + 1`)
  await db.execute(sql`ANALYZE onboarding_agents, agent_licenses, training_sessions, onboarding_documents`)
}
