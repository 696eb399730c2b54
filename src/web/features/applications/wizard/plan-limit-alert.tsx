import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import type { ApiError } from '#web/lib/api.ts'

/** The server's refusal, kept on screen; a plan limit (402) also offers the way to upgrade. */
export function PlanLimitAlert({ error, onNavigate }: { error: ApiError; onNavigate: () => void }) {
  const planLimit = error.status === 402
  const box = useRef<HTMLDivElement>(null)
  // The refusal shows above the step; bring it into view from wherever the step was scrolled.
  useEffect(() => {
    if (error) box.current?.scrollIntoView?.({ block: 'nearest' })
  }, [error])
  return (
    <div ref={box}>
      <Alert tone={planLimit ? 'warning' : 'error'} title={APPLICATION_TEXTS.createFailed}>
        <p>{error.message}</p>
        {planLimit && (
          <Link to="/subscription" onClick={onNavigate} className="mt-1 inline-block font-semibold underline">
            View plans and upgrade
          </Link>
        )}
      </Alert>
    </div>
  )
}
