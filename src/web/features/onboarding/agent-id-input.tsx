import { useQuery } from '@tanstack/react-query'
import { type ComponentProps, useId } from 'react'
import { Input } from '#web/components/input.tsx'
import { agentsQuery } from './onboarding.queries.ts'

/** The agent ID field of a form, suggesting the agency's agents as it is typed (a datalist). */
export function AgentIdInput({ query, ...props }: ComponentProps<'input'> & { query: string }) {
  const listId = useId()
  const agents = useQuery(agentsQuery(query.trim())).data ?? []
  return (
    <>
      <Input autoComplete="off" list={listId} {...props} />
      <datalist id={listId}>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.agentId}>{`${agent.firstName} ${agent.lastName}`}</option>
        ))}
      </datalist>
    </>
  )
}
