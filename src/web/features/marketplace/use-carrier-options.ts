import { useQuery } from '@tanstack/react-query'
import type { SelectOption } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'

/**
 * The carriers the community can name: the shared catalogue (an agency's own carriers are its
 * private records, decision 019), by name, as select options.
 */
export function useCarrierOptions(): { options: SelectOption[]; loading: boolean } {
  const { data, isPending } = useQuery(carriersQuery)
  const options = (data ?? [])
    .filter((carrier) => carrier.isCatalogue)
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
  return { options, loading: isPending }
}
