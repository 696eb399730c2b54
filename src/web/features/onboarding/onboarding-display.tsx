import type { ReactNode } from 'react'
import { daysBetween, type LicenseStatus, licenseStatusLabel } from '#shared/domain/license-status.ts'
import {
  type AgentProgressStatus,
  documentExpiry,
  PROGRESS_STATUS_LABELS,
} from '#shared/domain/onboarding-progress.ts'
import {
  DOCUMENT_STATUS_LABELS,
  type OnboardingDocumentStatus,
  TRAINING_STATUS_LABELS,
  type TrainingStatus,
} from '#shared/domain/onboarding-records.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { Card } from '#web/components/card.tsx'

/** Today on the browser's calendar (labels count days from the user's own date). */
export function localDay(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

export const daysUntil = (date: string | null) => (date ? daysBetween(localDay(), date) : null)

const LICENSE_TONES = { destructive: 'red', outline: 'yellow', default: 'green' } as const

/** The spec's license label and style, counted from today in the browser. */
export function LicenseBadge({
  status,
  expirationDate,
}: {
  status: LicenseStatus
  expirationDate: string | null
}) {
  const { label, tone } = licenseStatusLabel(status, daysUntil(expirationDate))
  return (
    <Badge tone={LICENSE_TONES[tone]} data-tone={tone}>
      {label}
    </Badge>
  )
}

const PROGRESS_TONES: Record<AgentProgressStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'blue',
  completed: 'green',
  blocked: 'red',
}
export const ProgressStatusBadge = ({ status }: { status: AgentProgressStatus }) => (
  <Badge tone={PROGRESS_TONES[status]}>{PROGRESS_STATUS_LABELS[status]}</Badge>
)

const TRAINING_TONES: Record<TrainingStatus, BadgeTone> = {
  scheduled: 'blue',
  in_progress: 'violet',
  completed: 'green',
  cancelled: 'neutral',
  no_show: 'red',
}
export const TrainingStatusBadge = ({ status }: { status: TrainingStatus }) => (
  <Badge tone={TRAINING_TONES[status]}>{TRAINING_STATUS_LABELS[status]}</Badge>
)

const DOCUMENT_TONES: Record<OnboardingDocumentStatus, BadgeTone> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  needs_revision: 'orange',
}
export const DocumentStatusBadge = ({ status }: { status: OnboardingDocumentStatus }) => (
  <Badge tone={DOCUMENT_TONES[status]}>{DOCUMENT_STATUS_LABELS[status]}</Badge>
)

/** A document's expiry flag: expired, or within 30 days. */
export function DocumentExpiryFlag({ expirationDate }: { expirationDate: string | null }) {
  const days = daysUntil(expirationDate)
  const standing = documentExpiry(days)
  if (standing === 'expired') return <Badge tone="red">Expired</Badge>
  if (standing === 'expiring')
    return <Badge tone="orange">{`Expires in ${days} ${days === 1 ? 'day' : 'days'}`}</Badge>
  return null
}

/** A figure with a detail line under it (the stat cards, the tab's summary cards). */
export function FigureCard({
  label,
  value,
  detail,
  icon,
}: {
  label: string
  value: ReactNode
  detail?: string
  icon?: ReactNode
}) {
  return (
    <Card className="flex items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
        {detail && <p className="mt-0.5 text-xs text-slate-600">{detail}</p>}
      </div>
      {icon && (
        <span
          aria-hidden="true"
          className="hidden rounded-full bg-violet-50 p-3 text-violet-700 sm:block [&_svg]:size-5"
        >
          {icon}
        </span>
      )}
    </Card>
  )
}

/** The empty state of a list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  )
}

/** A failed load, in the spec's words. */
export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  )
}
