import { Download, Plus, Upload } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { POLICY_TEXTS } from '#shared/contracts/policies-texts.ts'
import { POLICY_IMPORT_TEXTS } from '#shared/contracts/policy-import-texts.ts'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { type PolicyFilters, policiesExportUrl } from './policies.queries.ts'
import { PolicyFilterBar } from './policy-filter-bar.tsx'
import { filtersFromSearch, isFiltered, writeFilters } from './policy-filters.ts'
import { PolicyList } from './policy-list.tsx'

/** The form (with its form library and the contract's schema) loads when first opened. */
const AddPolicyDialog = lazy(() =>
  import('./add-policy-dialog.tsx').then((m) => ({ default: m.AddPolicyDialog })),
)

/** The book import's dialog and its calls load when first opened. */
const ImportPoliciesDialog = lazy(() =>
  import('./import-policies-dialog.tsx').then((m) => ({ default: m.ImportPoliciesDialog })),
)

export const SEARCH_DEBOUNCE_MS = 250

/** /policies — the book of business: search, filters, cursor pages, CSV export, enter a policy. */
export function PoliciesPage() {
  const [search, setSearch] = useSearchParams()
  const navigate = useNavigate()
  const [adding, setAdding] = useState(false)
  const addMounted = useOpenedOnce(adding)
  const [importing, setImporting] = useState(false)
  const importMounted = useOpenedOnce(importing)
  const filters = filtersFromSearch(search)
  const change = (next: Partial<PolicyFilters>) =>
    setSearch((current) => writeFilters(current, { ...filtersFromSearch(current), ...next }), {
      replace: true,
    })
  return (
    <>
      <PageHeader
        title={POLICY_TEXTS.title}
        subtitle="Every policy in your book, with its terms and changes"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <PolicySearch value={filters.q ?? ''} onSearch={(q) => change({ q: q || undefined })} />
        <div className="flex flex-wrap gap-2">
          <a href={policiesExportUrl(filters)} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" />
            Export CSV
          </a>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" />
            {POLICY_IMPORT_TEXTS.open}
          </Button>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add policy
          </Button>
        </div>
      </div>
      <PolicyFilterBar filters={filters} onChange={change} />
      <PolicyList filters={filters} filtered={isFiltered(filters)} />
      {importMounted && (
        <Suspense fallback={null}>
          <ImportPoliciesDialog open={importing} onOpenChange={setImporting} />
        </Suspense>
      )}
      {addMounted && (
        <Suspense fallback={null}>
          <AddPolicyDialog
            open={adding}
            onOpenChange={setAdding}
            onCreated={(policy) => navigate(`/policies/${policy.id}`)}
          />
        </Suspense>
      )}
    </>
  )
}

/** The search box: the address (and so the list) follows once typing pauses. */
function PolicySearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value)
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text searches
  useEffect(() => {
    if (settled !== value) onSearch(settled)
  }, [settled])
  return (
    <SearchInput
      aria-label="Search policies"
      placeholder="Search by policy number or insured..."
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="w-full sm:max-w-sm"
    />
  )
}
