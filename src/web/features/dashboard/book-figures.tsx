import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Card } from '#web/components/card.tsx'
import { formatCount, formatDollars } from '#web/lib/format.ts'
import { bookFiguresQuery } from './dashboard.queries.ts'

/**
 * The agency's book beside the application figures: premium and policies in force, and how many
 * expire within 30, 60 and 90 days, each a link to that slice of the policies list.
 */
export function BookFigures() {
  const { data, isPending } = useQuery(bookFiguresQuery)
  const expiring = [
    { days: 30, count: data?.expiring.within30 ?? 0 },
    { days: 60, count: data?.expiring.within60 ?? 0 },
    { days: 90, count: data?.expiring.within90 ?? 0 },
  ]
  return (
    <Card
      className="grid gap-4 p-5 md:grid-cols-[repeat(2,minmax(0,1fr))_minmax(0,2fr)]"
      aria-busy={isPending}
    >
      <div className="grid gap-1">
        <h2 className="text-sm font-medium text-slate-600">Premium in Force</h2>
        <p className="text-2xl font-bold text-slate-900" data-testid="book-premium">
          {formatDollars(data?.premiumInForce ?? 0)}
        </p>
      </div>
      <div className="grid gap-1">
        <h2 className="text-sm font-medium text-slate-600">Active Policies</h2>
        <p className="text-2xl font-bold text-slate-900" data-testid="book-policies">
          <Link className="hover:underline" to="/policies?status=active">
            {formatCount(data?.activePolicies ?? 0)}
          </Link>
        </p>
      </div>
      <div className="grid gap-1">
        <h2 className="text-sm font-medium text-slate-600">Expiring</h2>
        <ul className="flex flex-wrap gap-2">
          {expiring.map(({ days, count }) => (
            <li key={days}>
              <Link
                className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-900 hover:bg-amber-100"
                to={`/policies?expiringWithinDays=${days}`}
              >
                <span className="font-semibold">{formatCount(count)}</span> within {days} days
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  )
}
