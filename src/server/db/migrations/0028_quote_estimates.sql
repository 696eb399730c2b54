-- Quotes entered before this keep null: the estimate is made by the recommendation model in
-- TypeScript (src/shared/domain/recommendations.ts), not in SQL, so the figures start with the next quote.
ALTER TABLE "quotes" ADD COLUMN "estimated_premium_cents" bigint;