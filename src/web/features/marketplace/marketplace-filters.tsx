import {
  CATEGORY_LABELS,
  type MarketplaceSort,
  PRACTICE_CATEGORIES,
  type PracticeCategory,
  MARKETPLACE_TEXTS as T,
} from '#shared/contracts/marketplace.contract.ts'
import { SearchInput } from '#web/components/search-input.tsx'
import { Select } from '#web/components/select.tsx'
import { useCarrierOptions } from './use-carrier-options.ts'

export interface FilterValues {
  search: string
  carrierId: string
  category: PracticeCategory | 'all'
  sort: MarketplaceSort
}

const CATEGORY_OPTIONS = [
  { value: 'all', label: T.allCategories },
  ...PRACTICE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
]

interface MarketplaceFiltersProps {
  values: FilterValues
  onChange: (values: FilterValues) => void
  /** Categories are the best practices' own: the filter is off on the other tabs. */
  categoryApplies: boolean
}

/** Search, the carrier and category filters (spec §2), and the order: newest, best, most relevant. */
export function MarketplaceFilters({ values, onChange, categoryApplies }: MarketplaceFiltersProps) {
  const carriers = useCarrierOptions()
  const set = (change: Partial<FilterValues>) => onChange({ ...values, ...change })
  const sortOptions = [
    { value: 'newest', label: 'Newest' },
    { value: 'best', label: 'Best' },
    ...(values.search.trim() ? [{ value: 'relevance', label: 'Most relevant' }] : []),
  ]
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <SearchInput
        aria-label="Search the marketplace"
        placeholder={T.searchPlaceholder}
        value={values.search}
        onChange={(event) =>
          set({
            search: event.target.value,
            ...(!event.target.value.trim() && values.sort === 'relevance' ? { sort: 'newest' as const } : {}),
          })
        }
        className="sm:col-span-2 lg:col-span-1"
      />
      <Select
        aria-label="Carrier"
        value={values.carrierId}
        options={[{ value: 'all', label: T.allCarriers }, ...carriers.options]}
        onChange={(event) => set({ carrierId: event.target.value })}
      />
      <Select
        aria-label="Category (best practices)"
        disabled={!categoryApplies}
        value={values.category}
        options={CATEGORY_OPTIONS}
        onChange={(event) => set({ category: event.target.value as FilterValues['category'] })}
      />
      <Select
        aria-label="Sort by"
        value={values.sort}
        options={sortOptions}
        onChange={(event) => set({ sort: event.target.value as MarketplaceSort })}
      />
    </div>
  )
}
