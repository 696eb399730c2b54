// npm run bench: each benchmark prints its figures as ratios against a baseline measured in the
// same run, or as latencies with their targets. Machines here are noisy: nothing here asserts.
// BENCH_DATABASE_URL=postgres://… runs them on PostgreSQL (migrated on the way); BENCH_ONLY=name
// runs one of: foundation, search, applications, import, bulk, storage, appointments, documents,
// audit, esigning, billing, marketplace, assistant, onboarding, reminders, owner, load (the embedded
// database under 200 connections), policies, policy-import, quotes, renewals, commission-accuracy (the
// statement matching engine in memory), web (Lighthouse; also npm run bench:web).
import { benchApplications } from './applications.ts'
import { benchAppointmentPackets } from './appointment-packets.bench.ts'
import { benchAssistant } from './assistant.bench.ts'
import { benchAuditChain } from './audit-chain.bench.ts'
import { benchBilling } from './billing.bench.ts'
import { benchBulkSubmission } from './bulk-submission.ts'
import { benchClientImport } from './client-import.bench.ts'
import { benchClientSearch } from './clients-search.ts'
import { benchCommissionAccuracy } from './commission-accuracy.bench.ts'
import { benchDocumentUpload } from './document-upload.bench.ts'
import { benchEmbeddedLoad } from './embedded-load.bench.ts'
import { benchEsigning } from './esigning.bench.ts'
import { benchFoundation } from './foundation.ts'
import { benchImportProbe } from './import-probe.bench.ts'
import { benchLicenseReminders } from './license-reminders.bench.ts'
import { benchMarketplace } from './marketplace.bench.ts'
import { benchOnboarding } from './onboarding.bench.ts'
import { benchOwner } from './owner.bench.ts'
import { benchPolicies } from './policies.bench.ts'
import { benchPolicyImport } from './policy-import.bench.ts'
import { benchQuotes } from './quotes.bench.ts'
import { benchRenewals } from './renewals.bench.ts'
import { benchStorage } from './storage.bench.ts'
import { benchWeb } from './web.bench.ts'

const benches: Record<string, () => Promise<void>> = {
  foundation: benchFoundation,
  search: benchClientSearch,
  applications: benchApplications,
  import: async () => {
    await benchClientImport()
    await benchImportProbe()
  },
  bulk: benchBulkSubmission,
  storage: benchStorage,
  appointments: benchAppointmentPackets,
  documents: benchDocumentUpload,
  audit: benchAuditChain,
  esigning: benchEsigning,
  billing: benchBilling,
  marketplace: benchMarketplace,
  onboarding: benchOnboarding,
  reminders: benchLicenseReminders,
  assistant: benchAssistant,
  owner: benchOwner,
  load: benchEmbeddedLoad,
  policies: benchPolicies,
  'policy-import': benchPolicyImport,
  quotes: benchQuotes,
  renewals: benchRenewals,
  'commission-accuracy': benchCommissionAccuracy,
  web: benchWeb,
}

const only = process.env.BENCH_ONLY?.split(',')
for (const [name, run] of Object.entries(benches)) {
  if (!only || only.includes(name)) await run()
}
