import { useEffect, useState } from 'react'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import { CANNED_DECISION, CLAIMS_DEMO_DELAY_MS, SAMPLE_CLAIM } from './ai-intelligence-samples.ts'

/** Spec §2: enter a claim, press the button, and after 2 seconds a canned decision appears. No server call. */
export function ClaimsDemo() {
  const [claim, setClaim] = useState(SAMPLE_CLAIM)
  const [state, setState] = useState<'idle' | 'analyzing' | 'done'>('idle')
  useEffect(() => {
    if (state !== 'analyzing') return
    const timer = window.setTimeout(() => setState('done'), CLAIMS_DEMO_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  return (
    <div className="grid gap-3">
      <Field id="claims-demo-text" label="Claim description">
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={claim}
            onChange={(event) => {
              setClaim(event.target.value)
              setState('idle')
            }}
          />
        )}
      </Field>
      <Button
        className="justify-self-start"
        disabled={state === 'analyzing' || claim.trim() === ''}
        onClick={() => setState('analyzing')}
      >
        {state === 'analyzing' ? 'Analyzing...' : 'Analyze Claim'}
      </Button>
      <div aria-live="polite">
        {state === 'analyzing' && <Spinner label="Analyzing the claim" />}
        {state === 'done' && (
          <dl className="grid gap-1 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-950">
            <div>
              <dt className="inline font-semibold">Decision: </dt>
              <dd className="inline">{CANNED_DECISION.decision}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Confidence: </dt>
              <dd className="inline">{CANNED_DECISION.confidence}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Fraud risk: </dt>
              <dd className="inline">{CANNED_DECISION.fraudRisk}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Estimated payout: </dt>
              <dd className="inline">{CANNED_DECISION.estimate}</dd>
            </div>
            <div>
              <dt className="font-semibold">Next steps:</dt>
              <dd>
                <ul className="list-disc pl-5">
                  {CANNED_DECISION.nextSteps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        )}
      </div>
    </div>
  )
}
