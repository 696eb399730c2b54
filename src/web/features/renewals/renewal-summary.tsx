import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { LOST_REASON_LABELS } from '#shared/contracts/renewals-texts.ts'
import { Card, CardContent } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { formatCents, formatDay } from '#web/lib/format.ts'
import { formatChange, OfferText, RenewalFlags, StageBadge } from './renewal-cells.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

const LINK = 'font-medium text-violet-700 hover:underline'

/** The renewal at a glance: its policy and client, the money, where it stands and how it ended. */
export function RenewalSummary({ renewal }: { renewal: Renewal }) {
  return (
    <Card className="min-w-0">
      <CardContent className="pt-6">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item label={W.policy}>
            <Link to={`/policies/${renewal.policyId}`} className={LINK}>
              {renewal.policyNumber}
            </Link>
          </Item>
          <Item label={W.client}>
            <Link to={`/clients/${renewal.clientId}`} className={LINK}>
              {renewal.insuredName}
            </Link>
          </Item>
          <Item label={W.carrierLabel}>{renewal.carrierName}</Item>
          <Item label={W.line}>
            <InsuranceTypeBadge type={renewal.lineOfBusiness} />
          </Item>
          <Item label={W.stage}>
            <span className="inline-flex flex-wrap gap-1">
              <StageBadge stage={renewal.stage} />
              <RenewalFlags renewal={renewal} />
            </span>
          </Item>
          <Item label={W.expires}>{formatDay(renewal.expirationDate)}</Item>
          <Item label={W.expiringPremium}>
            <span className="text-base font-semibold tabular-nums">
              {formatCents(renewal.expiringPremium)}
            </span>
          </Item>
          <Item label={W.offer}>
            <OfferText renewal={renewal} />
            {renewal.changeAmount !== null && (
              <span className="block text-xs text-slate-600">
                {formatChange(renewal.changeAmount, renewal.changePercent)}
              </span>
            )}
          </Item>
          <Item label={W.assignee}>{renewal.assigneeName ?? W.unassigned}</Item>
          {renewal.lostReason && <Item label={W.lostReason}>{LOST_REASON_LABELS[renewal.lostReason]}</Item>}
          {renewal.remarketApplicationId && (
            <Item label={W.remarketedApplication}>
              <Link to={`/applications/${renewal.remarketApplicationId}`} className={LINK}>
                {W.openApplication}
              </Link>
            </Item>
          )}
          {renewal.renewedPolicyId && (
            <Item label={W.renewedOn}>
              <Link to={`/policies/${renewal.renewedPolicyId}`} className={LINK}>
                {W.viewNextTerm}
              </Link>
            </Item>
          )}
        </dl>
      </CardContent>
    </Card>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}
