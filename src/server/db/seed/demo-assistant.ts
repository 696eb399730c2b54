import type { Db } from '#server/db/connect.ts'
import { builtInAssistant } from '#server/features/assistant/built-in/built-in-assistant.service.ts'
import { sendMessage } from '#server/features/assistant/send-message.ts'
import { recordDemoMessage } from '#server/features/contact/contact.service.ts'
import type { Ctx } from '#server/platform/context.ts'

/**
 * The demo user's assistant conversation, answered by the built-in assistant from the demo's own
 * data (so its figures are real), and a message to support for the platform's inbox.
 */
export async function seedDemoAssistant(db: Db, ctx: Ctx): Promise<void> {
  const first = await sendMessage(db, builtInAssistant, ctx, {
    content: 'How many clients do I have?',
    messageType: 'text',
    conversationType: 'advice',
  })
  for (const content of ['Show my latest applications', 'How do I import clients from a spreadsheet?'])
    await sendMessage(db, builtInAssistant, ctx, {
      conversationId: first.conversationId,
      content,
      messageType: 'text',
    })
  await recordDemoMessage(db, ctx, {
    name: 'Jordan Avery',
    email: 'demo@harborpoint-demo.example',
    company: 'Harbor Point Insurance Agency',
    subject: 'Adding a second office to our account',
    category: 'general',
    priority: 'medium',
    message:
      'We are opening a second office in Galveston next month. Can both offices share one agency account, or do we need two?',
    currentPlan: 'professional',
    consentToFollow: true,
  })
}
