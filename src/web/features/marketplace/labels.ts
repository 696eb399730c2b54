import type { Review } from '#shared/contracts/marketplace.contract.ts'

export const EXPERIENCE_LABELS: Record<Review['experienceLevel'], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  expert: 'Expert',
}

export const DIFFICULTY_LABELS = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const

export const RATING_CHOICES = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} star${n === 1 ? '' : 's'}`,
}))

/** The hint under a comma-list field (spec part 3 §5). */
export const COMMA_HINT = 'Separate with commas'
