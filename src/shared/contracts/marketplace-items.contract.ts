import { z } from 'zod'
import { cleanList, parseCommaList } from '../domain/comma-list.ts'
import { cleanTypedText } from '../domain/typed-text.ts'
import { MARKETPLACE_TEXTS } from './marketplace-texts.ts'

// The community's items: the choices, the limits, what a form sends and what a list shows.
// The calls that carry them are in marketplace.contract.ts.

const T = MARKETPLACE_TEXTS
export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'expert'] as const
export const PRACTICE_CATEGORIES = ['application_tips', 'underwriting', 'documentation', 'pricing'] as const
export const PRACTICE_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const
export const POST_TYPES = ['tip', 'question', 'success_story', 'warning'] as const
export const SORTS = ['newest', 'best', 'relevance'] as const
export type PracticeCategory = (typeof PRACTICE_CATEGORIES)[number]
export type PostType = (typeof POST_TYPES)[number]
export type MarketplaceSort = (typeof SORTS)[number]

export const CATEGORY_LABELS: Record<PracticeCategory, string> = {
  application_tips: 'Application Tips',
  underwriting: 'Underwriting',
  documentation: 'Documentation',
  pricing: 'Pricing',
}
export const POST_TYPE_LABELS: Record<PostType, string> = {
  tip: 'Tip',
  question: 'Question',
  success_story: 'Success Story',
  warning: 'Warning',
}

/** Lengths and counts a person could plausibly need, and no more. */
export const LIMITS = {
  title: 200,
  content: 10_000,
  reply: 4_000,
  listItems: 10,
  listItem: 200,
  tags: 10,
  tag: 40,
  postCarriers: 5,
  reportReason: 500,
} as const

const requiredText = (message: string, what: string, max: number) =>
  z
    .string({ message })
    .transform(cleanTypedText)
    .pipe(z.string().trim().min(1, message).max(max, T.tooLong(what, max)))

/** A list typed with commas or sent as an array: trimmed, blanks dropped, each item once. */
const listField = (what: string, max: number, itemMax: number) =>
  z
    .union([z.string(), z.array(z.string())], { message: `Send the ${what} as a list` })
    .pipe(
      z.transform((value: string | string[]) =>
        typeof value === 'string'
          ? parseCommaList(cleanTypedText(value))
          : cleanList(value.map(cleanTypedText)),
      ),
    )
    .pipe(
      z
        .array(z.string())
        .max(max, T.tooMany(what, max))
        .refine((items) => items.every((item) => item.length <= itemMax), T.itemTooLong(what, itemMax)),
    )
    .default([])

/** A select's value as a browser sends it: a number or its digits. */
const wholeNumber = (message: string) =>
  z.union(
    [
      z.number({ message }),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, message)
        .transform(Number),
    ],
    { message },
  )

/**
 * The carrier choice: our ids are UUID strings; the spec's form converts the choice to a number,
 * which names no carrier here, so it reaches the service and is refused with the field's message.
 */
const carrierChoice = z
  .union([z.string(), z.number()], { message: T.carrierRequired })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, T.carrierRequired).max(100, T.carrierUnknown))

const checkbox = z
  .union([
    z.boolean(),
    z.enum(['true', 'false', 'on', '']).transform((value) => value === 'true' || value === 'on'),
  ])
  .default(false)

const tags = listField('tags', LIMITS.tags, LIMITS.tag)

export const ReviewInputSchema = z.object({
  carrierId: carrierChoice,
  rating: wholeNumber(T.rating).pipe(z.number().int(T.rating).min(1, T.rating).max(5, T.rating)).default(5),
  title: requiredText(T.titleRequired, 'Title', LIMITS.title),
  review: requiredText(T.reviewRequired, 'Review', LIMITS.content),
  pros: listField('pros', LIMITS.listItems, LIMITS.listItem),
  cons: listField('cons', LIMITS.listItems, LIMITS.listItem),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { message: T.experienceLevel }).default('intermediate'),
  tags,
})
export type ReviewInput = z.input<typeof ReviewInputSchema>

export const PracticeInputSchema = z.object({
  /** Optional: a practice may hold for every carrier ('' or null). */
  carrierId: z
    .union([z.literal(''), z.null()])
    .transform(() => null)
    .or(carrierChoice)
    .default(null),
  title: requiredText(T.titleRequired, 'Title', LIMITS.title),
  content: requiredText(T.contentRequired, 'Content', LIMITS.content),
  category: z.enum(PRACTICE_CATEGORIES, { message: T.category }).default('application_tips'),
  difficulty: z.enum(PRACTICE_DIFFICULTIES, { message: T.difficulty }).default('intermediate'),
  tags,
})
export type PracticeInput = z.input<typeof PracticeInputSchema>

export const PostInputSchema = z.object({
  postType: z.enum(POST_TYPES, { message: T.postType }).default('tip'),
  title: requiredText(T.titleRequired, 'Title', LIMITS.title),
  content: requiredText(T.contentRequired, 'Content', LIMITS.content),
  carrierIds: z
    .array(carrierChoice, { message: T.carrierUnknown })
    .max(LIMITS.postCarriers, T.tooMany('carriers', LIMITS.postCarriers))
    .transform((ids) => [...new Set(ids)])
    .default([]),
  tags,
  isAnonymous: checkbox,
})
export type PostInput = z.input<typeof PostInputSchema>

/** What every item shows besides its own fields. */
const ItemBaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  /** First name and last initial ('Anonymous' on an anonymous post, except for platform admins). */
  authorName: z.string(),
  /** The author's agency; null when the author is hidden. */
  agencyName: z.string().nullable(),
  /** The caller's own vote: true up (helpful), false down, null none. */
  myVote: z.boolean().nullable(),
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const ReviewSchema = ItemBaseSchema.extend({
  carrierId: z.string(),
  carrierName: z.string(),
  reviewerName: z.string(),
  rating: z.number().int(),
  review: z.string(),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  experienceLevel: z.enum(EXPERIENCE_LEVELS),
  /** The reviewer's agency has submitted to this carrier through the product. */
  isVerified: z.boolean(),
  helpfulVotes: z.number().int(),
  totalVotes: z.number().int(),
  /** Median days from submission to decision over every agency's submissions; null under 5. */
  carrierTurnaroundDays: z.number().nullable(),
})
export type Review = z.infer<typeof ReviewSchema>

export const PracticeSchema = ItemBaseSchema.extend({
  carrierId: z.string().nullable(),
  carrierName: z.string().nullable(),
  content: z.string(),
  category: z.enum(PRACTICE_CATEGORIES),
  difficulty: z.enum(PRACTICE_DIFFICULTIES),
  isVerified: z.boolean(),
  views: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
})
export type Practice = z.infer<typeof PracticeSchema>

export const PostSchema = ItemBaseSchema.extend({
  postType: z.enum(POST_TYPES),
  content: z.string(),
  carrierIds: z.array(z.string()),
  carrierNames: z.array(z.string()),
  isAnonymous: z.boolean(),
  views: z.number().int(),
  replies: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
})
export type Post = z.infer<typeof PostSchema>
