import { ASSISTANT_TEXTS } from '#shared/contracts/assistant.contract.ts'
import type { AssistantAnswer, AssistantProvider, AssistantTurn } from '../assistant-provider.service.ts'
import { answerDataQuestion } from './answer-data-question.ts'
import { citationOf, searchHelp } from './search-help.ts'

export const CANNOT_ANSWER =
  "I'm the built-in assistant and work without an AI model, so I can't answer that. I can explain how the platform works, from the FAQ and the how-to guides, and read your agency's own data: how many clients and applications you have, your newest clients and latest applications, applications by status, active carriers, and how many applications your plan has left this month. For anything else, our support team is on the Contact page."

/** A second entry is worth citing when it scores at least this share of the best. */
const SEE_ALSO_SHARE = 0.6

/**
 * The assistant without a model: questions about the agency's data are answered from the database,
 * questions about the product from the FAQ and guides (citing the entry), anything else with an
 * honest statement of what it can do. It never makes up a figure: each one comes from a query.
 */
export const builtInAssistant: AssistantProvider = {
  kind: 'built_in',
  label: ASSISTANT_TEXTS.builtInLabel,
  needsHistory: false,
  async answer(turn: AssistantTurn): Promise<AssistantAnswer> {
    const answer = await answerBuiltIn(turn)
    turn.onDelta(answer.content)
    return answer
  },
}

async function answerBuiltIn({ db, ctx, question }: AssistantTurn): Promise<AssistantAnswer> {
  const data = await answerDataQuestion(db, ctx, question)
  if (data) return data
  const [best, second] = searchHelp(question)
  if (!best) {
    return {
      content: CANNOT_ANSWER,
      citations: [{ title: 'Contact', url: '/contact' }],
      toolsUsed: [],
    }
  }
  const citations = [citationOf(best.entry)]
  const seeAlso = second && second.score >= best.score * SEE_ALSO_SHARE ? second.entry : null
  if (seeAlso) citations.push(citationOf(seeAlso))
  const source = best.entry.kind === 'faq' ? 'From the FAQ' : 'From the guide'
  const content = [
    `${source}, “${best.entry.title}”:`,
    best.entry.text,
    ...(seeAlso ? ['', `See also “${seeAlso.title}”.`] : []),
  ].join('\n')
  return { content, citations, toolsUsed: ['search_help'] }
}
