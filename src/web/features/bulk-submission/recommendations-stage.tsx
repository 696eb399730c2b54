import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { Recommendation } from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { recommendationsQuery } from './bulk-submission.queries.ts'
import type { RecommendationsBody } from './profile-values.ts'
import { type CarrierFigures, RecommendationCard } from './recommendation-card.tsx'
import { StageFooter } from './stage-indicator.tsx'

interface RecommendationsStageProps {
  body: RecommendationsBody
  onBack: () => void
  onContinue: (recommendations: Recommendation[]) => void
  CarrierFigures?: CarrierFigures | undefined
}

/** Spec §2, §7: mounted only at this stage, and the profile stage lets through only an age above 0. */
export function RecommendationsStage({
  body,
  onBack,
  onContinue,
  CarrierFigures,
}: RecommendationsStageProps) {
  const recommendations = useQuery({
    ...recommendationsQuery(body),
    enabled: Number(body.clientProfile.age) > 0,
  })
  const list = recommendations.data
  return (
    <>
      <section aria-labelledby="bulk-recommendations-heading" className="grid gap-3 p-4 sm:p-6">
        <h3 id="bulk-recommendations-heading" className="font-semibold text-slate-900">
          Carrier recommendations
        </h3>
        {recommendations.isPending ? (
          <div className="grid gap-3">
            <span role="status" className="sr-only">
              Loading recommendations
            </span>
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        ) : recommendations.isError ? (
          <Alert tone="error" title="Recommendations could not be loaded">
            <p>{isApiError(recommendations.error) ? recommendations.error.message : 'Please try again.'}</p>
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              disabled={recommendations.isFetching}
              onClick={() => recommendations.refetch()}
            >
              Try again
            </Button>
          </Alert>
        ) : list && list.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
            {BULK_TEXTS.noRecommendations}
          </p>
        ) : (
          <ul aria-label="Recommended carriers" className="grid gap-3">
            {list?.map((recommendation) => (
              <li key={recommendation.carrier.id}>
                <RecommendationCard recommendation={recommendation} Figures={CarrierFigures} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <StageFooter>
        <Button variant="outline" className="mr-auto" onClick={onBack}>
          <ChevronLeft aria-hidden="true" />
          Back
        </Button>
        <Button disabled={!list || list.length === 0} onClick={() => list && onContinue(list)}>
          Choose Carriers
          <ChevronRight aria-hidden="true" />
        </Button>
      </StageFooter>
    </>
  )
}
