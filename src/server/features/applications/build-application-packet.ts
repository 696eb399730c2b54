import type { Executor } from '#server/db/connect.ts'
import { INSURANCE_TYPE_LABELS, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { findAgencyName } from '../agencies/agencies.service.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findCarriersOf } from '../carrier-delivery/carrier-delivery.service.ts'
import type { PacketCarrier, RecordPacket } from '../carrier-delivery/carrier-packet.service.ts'
import { findClientRecord } from '../clients/clients.service.ts'
import type { ApplicationPayload } from './application-payload.service.ts'
import * as repository from './applications.repository.ts'
import { renderApplicationPacket } from './render-application-packet.ts'

type PacketContext = NonNullable<Awaited<ReturnType<typeof findPacketContext>>>

/** What a carrier packet says of an application: the application, its client, agency and the sending agent. */
async function findPacketContext(
  executor: Executor,
  agencyId: string,
  id: string,
  agentUserId: string | null,
) {
  const application = await repository.findApplicationById(executor, agencyId, id)
  if (!application) return undefined
  // One after the other: the executor is often a transaction, one connection, which node-postgres
  // does not let run two queries at once (deprecated now, an error in pg 9).
  const client = await findClientRecord(executor, agencyId, application.clientId)
  const agencyName = await findAgencyName(executor, agencyId)
  const agents = await findUserNames(executor, agentUserId ? [agentUserId] : [])
  if (!client || agencyName === undefined) return undefined
  // Only a user of the agency is named as its agent.
  const user = agentUserId ? agents.get(agentUserId) : undefined
  const agent = user?.agencyId === agencyId ? user : null
  return { application, client, agencyName, agent }
}

/** The payload for one carrier, built from the application as it stands now. */
function payloadFor(
  context: PacketContext,
  submissionId: string,
  carrier: PacketCarrier,
  submittedAt: string,
): ApplicationPayload {
  const { application, client, agent, agencyName } = context
  return {
    submissionId,
    applicationId: application.id,
    submittedAt,
    insuranceType: application.insuranceType as InsuranceType,
    carrier: { id: carrier.id, code: carrier.code, name: carrier.name },
    agency: { id: application.agencyId, name: agencyName },
    agent: agent?.email ? { name: `${agent.firstName} ${agent.lastName}`.trim(), email: agent.email } : null,
    client: {
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone,
      dateOfBirth: client.dateOfBirth,
      address: client.address,
      city: client.city,
      state: client.state,
      zipCode: client.zipCode,
      ssnMasked: client.ssnLast4 ? `***-**-${client.ssnLast4}` : null,
    },
    applicationData: application.applicationData,
    notes: application.notes,
  }
}

function packetFilename(payload: ApplicationPayload): string {
  const client = `${payload.client.lastName}-${payload.client.firstName}`
  return `application-${client}-${payload.carrier.code}.pdf`.replace(/[^\w.-]+/g, '-').toLowerCase()
}

/**
 * An application's packet for carrier delivery: the JSON an API carrier receives and, for the
 * others, the PDF, which lists every carrier the application goes to (those it already went to
 * and `carriers`, the ones it is being sent to now). Null when the application is not the agency's.
 */
export async function buildApplicationPacket(
  executor: Executor,
  agencyId: string,
  applicationId: string,
  requestedByUserId: string | null,
  carriers: PacketCarrier[],
): Promise<RecordPacket | null> {
  const context = await findPacketContext(executor, agencyId, applicationId, requestedByUserId)
  if (!context) return null
  const record = { type: 'application', id: applicationId } as const
  const byId = new Map(
    [...(await findCarriersOf(executor, agencyId, record)), ...carriers].map((c) => [c.id, c]),
  )
  const everyCarrier = [...byId.values()]
    .map(({ name, code }) => ({ name, code }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const { client, agent } = context
  const type = INSURANCE_TYPE_LABELS[context.application.insuranceType as InsuranceType]
  const clientName = `${client.firstName} ${client.lastName}`.trim()
  const agentName = agent?.email ? ` (${`${agent.firstName} ${agent.lastName}`.trim()}, ${agent.email})` : ''
  const submittedAt = new Date().toISOString()
  return {
    record,
    subject: `${type} insurance application: ${clientName} (${context.agencyName})`,
    summary: `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type.toLowerCase()} insurance application for ${clientName}, submitted by ${context.agencyName}${agentName}`,
    documentKind: 'application_packet',
    contentFor(submissionId, carrier) {
      const payload = payloadFor(context, submissionId, carrier, submittedAt)
      return {
        body: payload as unknown as Record<string, unknown>,
        renderPdf: async () => ({
          content: await renderApplicationPacket({ ...payload, carriers: everyCarrier }),
          filename: packetFilename(payload),
        }),
      }
    },
  }
}
