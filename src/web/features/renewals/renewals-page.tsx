import { Download, List, SquareKanban } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { RENEWAL_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { cn } from '#web/lib/cn.ts'
import { RenewalFilterBar } from './renewal-filter-bar.tsx'
import {
  filtersFromSearch,
  isFiltered,
  type RenewalView,
  viewFromSearch,
  writeFilters,
  writeView,
} from './renewal-filters.ts'
import { RenewalResults } from './renewal-results.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import { type RenewalListFilters, renewalsExportUrl } from './renewals.queries.ts'

export const RETENTION_PATH = '/renewals/retention'

const SECTION_LINK =
  'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium sm:min-h-9 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700'

/** /renewals — the pipeline: a board or a list, its filters and view kept in the address, CSV export. */
export function RenewalsPage() {
  const [search, setSearch] = useSearchParams()
  const filters = filtersFromSearch(search)
  const view = viewFromSearch(search)
  const change = (next: Partial<RenewalListFilters>) =>
    setSearch((current) => writeFilters(current, { ...filtersFromSearch(current), ...next }), {
      replace: true,
    })
  const show = (next: RenewalView) => setSearch((current) => writeView(current, next), { replace: true })
  return (
    <>
      <PageHeader title={RENEWAL_TEXTS.title} subtitle={W.subtitle} />
      <nav aria-label={W.sections} className="inline-flex justify-self-start rounded-lg bg-slate-100 p-1">
        <Link
          to="/renewals"
          aria-current="page"
          className={cn(SECTION_LINK, 'bg-white text-slate-900 shadow-sm')}
        >
          {W.pipeline}
        </Link>
        <Link to={RETENTION_PATH} className={cn(SECTION_LINK, 'text-slate-700 hover:text-slate-900')}>
          {W.retention}
        </Link>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewSwitch view={view} onChange={show} />
        <a href={renewalsExportUrl(filters)} download className={buttonClasses('outline')}>
          <Download aria-hidden="true" />
          {W.exportCsv}
        </a>
      </div>
      <RenewalFilterBar filters={filters} onChange={change} />
      <RenewalResults filters={filters} filtered={isFiltered(filters)} view={view} />
    </>
  )
}

const VIEW_CHOICES = [
  { view: 'board', label: W.board, Icon: SquareKanban },
  { view: 'list', label: W.list, Icon: List },
] as const

/** Board or list: two toggle buttons, the pressed one the view shown. */
function ViewSwitch({ view, onChange }: { view: RenewalView; onChange: (view: RenewalView) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{W.view}</legend>
      {VIEW_CHOICES.map((choice) => (
        <button
          key={choice.view}
          type="button"
          aria-pressed={view === choice.view}
          onClick={() => onChange(choice.view)}
          className={cn(
            SECTION_LINK,
            'gap-2 [&_svg]:size-4',
            view === choice.view
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-700 hover:text-slate-900',
          )}
        >
          <choice.Icon aria-hidden="true" />
          {choice.label}
        </button>
      ))}
    </fieldset>
  )
}
