import type { Db } from '#server/db/connect.ts'
import { clientApplications, updateApplication } from '#server/features/applications/applications.service.ts'
import { createApplication } from '#server/features/applications/create-application.ts'
import { findCarriersForType } from '#server/features/carriers/carriers.service.ts'
import { listClients } from '#server/features/clients/clients.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { ApplicationStatus } from '#shared/domain/application-status.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import {
  DEMO_AUTO_ANSWERS,
  DEMO_LIFE_ANSWERS,
  DEMO_PROPERTY_ANSWERS,
  type DemoAnswer,
  seedDemoQuotes,
} from './demo-quotes.ts'

/**
 * A few applications of the demo agency, through the real use case, at different stages; three
 * of them with their carriers' quotes (or a decline) to compare.
 */
const DEMO_APPLICATIONS: {
  type: InsuranceType
  path: ApplicationStatus[]
  data: Record<string, unknown>
  answers?: DemoAnswer[]
}[] = [
  {
    type: 'auto',
    path: ['review', 'approved'],
    answers: DEMO_AUTO_ANSWERS,
    data: {
      autoData: {
        vehicleYear: 2021,
        vehicleMake: 'Subaru',
        vehicleModel: 'Outback',
        annualMileage: 11000,
        primaryUse: 'Commute',
      },
    },
  },
  {
    type: 'property',
    path: ['review'],
    answers: DEMO_PROPERTY_ANSWERS,
    data: {
      propertyData: {
        propertyType: 'Single family',
        propertyValue: 420000,
        yearBuilt: 1998,
        squareFootage: 1850,
        roofType: 'Asphalt shingle',
      },
    },
  },
  {
    type: 'life',
    path: [],
    answers: DEMO_LIFE_ANSWERS,
    data: {
      lifeData: {
        policyType: 'Term',
        coverageAmount: 500000,
        termLength: 20,
        beneficiaryName: 'Spouse',
        beneficiaryRelationship: 'Spouse',
      },
    },
  },
  {
    type: 'commercial',
    path: ['review', 'rejected'],
    data: {
      commercialData: {
        businessType: 'Bakery',
        numberOfEmployees: 12,
        annualRevenue: 850000,
        yearsInBusiness: 6,
        coverageTypes: ['General liability'],
      },
    },
  },
  {
    type: 'healthcare',
    path: ['approved'],
    data: {
      healthcareData: {
        planType: 'PPO',
        coverageLevel: 'Family',
        deductible: 2500,
        copay: 30,
        networkPreference: 'Broad',
      },
    },
  },
  {
    type: 'auto',
    path: [],
    data: {
      autoData: {
        vehicleYear: 2018,
        vehicleMake: 'Honda',
        vehicleModel: 'Civic',
        annualMileage: 9000,
        primaryUse: 'Pleasure',
      },
    },
  },
]

/**
 * The demo agency has no carrier API connections, so its applications go to two carriers each
 * that take applications by email or packet: an email one (kept in the Outbox without SMTP) and a
 * PDF or manual one (a task for the agent). Sent to every carrier, the API ones would only fail,
 * each with a notification, and the demo would open on a hundred failures.
 */
async function demoCarriersFor(db: Db, ctx: Ctx, type: InsuranceType, index: number) {
  const usable = (await findCarriersForType(db, ctx.actor.agencyId, type)).filter(
    (carrier) => carrier.effectiveActive && carrier.submissionMethod !== 'api',
  )
  const pick = (methods: string[]) => {
    const matching = usable.filter((carrier) => methods.includes(carrier.submissionMethod))
    return matching.length > 0 ? matching[index % matching.length]!.id : undefined
  }
  return {
    carrierId: pick(['email']) ?? pick(['pdf', 'manual']),
    secondaryCarrierId: pick(['pdf', 'manual']),
  }
}

export async function seedDemoApplications(
  db: Db,
  deps: { cipher: FieldCipher; storage: FileStorage },
  ctx: Ctx,
): Promise<void> {
  const { data: clients } = await listClients(
    db,
    ctx,
    { limit: DEMO_APPLICATIONS.length },
    clientApplications,
  )
  for (const [index, demo] of DEMO_APPLICATIONS.entries()) {
    const client = clients[index % clients.length]!
    const { carrierId, secondaryCarrierId } = await demoCarriersFor(db, ctx, demo.type, index)
    const application = await createApplication(db, deps, ctx, {
      clientId: client.id,
      insuranceType: demo.type,
      isBulkSubmission: true,
      ...(carrierId
        ? {
            bulkSubmissionType: 'specific_carriers' as const,
            carrierId,
            ...(secondaryCarrierId && secondaryCarrierId !== carrierId ? { secondaryCarrierId } : {}),
          }
        : { bulkSubmissionType: 'filtered_carriers' as const }),
      applicationData: demo.data,
    })
    for (const status of demo.path) await updateApplication(db, ctx, application.id, { status })
    const carrierIds = [application.carrier?.id, application.secondaryCarrier?.id].filter(
      (id): id is string => Boolean(id),
    )
    await seedDemoQuotes(db, ctx, { id: application.id, carrierIds }, demo.answers ?? [])
  }
}
