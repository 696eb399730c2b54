import { Calendar, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ClientListItem } from '#shared/contracts/clients.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { buttonClasses } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDate } from '#web/lib/format.ts'
import { initialsOf } from './client-display.ts'

export function applicationCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'Application' : 'Applications'}`
}

export function ClientCard({ client }: { client: ClientListItem }) {
  const name = `${client.firstName} ${client.lastName}`
  const place = [client.city, client.state].filter(Boolean).join(', ')
  return (
    <Card className="flex w-full min-w-0 flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-800"
        >
          {initialsOf(client.firstName, client.lastName)}
        </span>
        <div className="grid min-w-0 flex-1 justify-items-start gap-1">
          <h2 className="font-semibold break-words text-slate-900">{name}</h2>
          <p className="flex items-center gap-1 text-xs text-slate-600">
            <Calendar aria-hidden="true" className="size-3.5 shrink-0" />
            Client since {formatDate(client.createdAt)}
          </p>
          <Badge tone="violet">{applicationCountLabel(client.applicationCount)}</Badge>
        </div>
      </div>
      <ul className="grid gap-1.5 text-sm text-slate-700">
        <Detail icon={<Mail />} label="Email" value={client.email} />
        <Detail icon={<Phone />} label="Phone" value={client.phone} />
        <Detail icon={<MapPin />} label="Location" value={place} />
      </ul>
      <Link
        to={`/clients/${client.id}`}
        aria-label={`View Details for ${name}`}
        className={cn(buttonClasses('outline'), 'mt-auto w-full')}
      >
        View Details
      </Link>
    </Card>
  )
}

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <li className="flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="text-slate-500 [&_svg]:size-4">
        {icon}
      </span>
      <span className="sr-only">{label}: </span>
      <span className="truncate">{value || '—'}</span>
    </li>
  )
}

export function ClientCardSkeleton() {
  return (
    <Card data-testid="client-card-skeleton" className="grid gap-4 p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-4/5" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-3 w-3/5" />
      <Skeleton className="h-10 w-full" />
    </Card>
  )
}
