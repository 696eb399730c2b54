import type { PacketSource } from '../carrier-delivery/carrier-packet.service.ts'
import { buildApplicationPacket } from './build-application-packet.ts'

/** How carrier delivery rebuilds an application's packet for a retry (features/index.ts registers it). */
export const applicationPacketSource: PacketSource = (executor, agencyId, applicationId, requestedByUserId) =>
  buildApplicationPacket(executor, agencyId, applicationId, requestedByUserId, [])
