import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  endCommissionRateCall,
  listCommissionSchedulesCall,
  setCommissionRateCall,
} from '#shared/contracts/commissions.contract.ts'
import {
  getPolicyCommissionCall,
  setProducerSplitCall,
  setRateOverrideCall,
} from '#shared/contracts/commissions-policies.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { setProducerSplit, setRateOverride } from './change-policy-commission.ts'
import { endRate, listSchedules, setRate } from './commission-schedules.service.ts'
import { getPolicyCommission } from './get-policy-commission.ts'

// Everyone in the agency reads the schedule and a policy's commission; agency admins change them.
export function commissionsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const admins = { roles: AGENCY_ADMIN_ROLES }
  registerCall(app, listCommissionSchedulesCall, {}, ({ raw }) => listSchedules(db, requireCtx(raw)))
  registerCall(app, setCommissionRateCall, admins, ({ raw, body }) => setRate(db, requireCtx(raw), body))
  registerCall(app, endCommissionRateCall, admins, ({ raw, params, body }) =>
    endRate(db, requireCtx(raw), params.id, body),
  )

  registerCall(app, getPolicyCommissionCall, {}, ({ raw, params }) =>
    getPolicyCommission(db, requireCtx(raw), params.policyId),
  )
  registerCall(app, setRateOverrideCall, admins, ({ raw, params, body }) =>
    setRateOverride(db, requireCtx(raw), params.policyId, body),
  )
  registerCall(app, setProducerSplitCall, admins, ({ raw, params, body }) =>
    setProducerSplit(db, requireCtx(raw), params.policyId, body),
  )
}
