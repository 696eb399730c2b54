import type { Delivery, DeliveryDeps } from './delivery-context.service.ts'
import { settleAttempt } from './settle-attempt.ts'

/** PDF and manual carriers: the packet is ready, and sending it is a task for the agent. */
export async function deliverByPacket(deps: DeliveryDeps, delivery: Delivery, method: 'pdf' | 'manual') {
  const { submission, carrier, packet, startedAt } = delivery
  const message =
    method === 'pdf'
      ? `Application packet ready: download it, send it to ${carrier.name}, then mark it sent.`
      : `${carrier.name} takes applications by hand: send the packet with its own forms, then mark it sent.`
  await settleAttempt(
    deps.db,
    submission,
    { startedAt, outcome: 'delivered' },
    {
      status: 'action_required',
      message,
      notify: {
        title: `Send the application to ${carrier.name}`,
        priority: 'normal',
        ...(packet ? { packet } : {}),
      },
    },
  )
}
