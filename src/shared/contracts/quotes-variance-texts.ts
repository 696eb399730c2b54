// Free of zod, so a page shows these without loading the contract's schemas (decision 009).

/** Below this many, a median or a rate says more about chance than about the carrier. */
export const MIN_VARIANCE_SAMPLE = 3

export const QUOTE_VARIANCE_TEXTS = {
  title: 'Indication to bound',
  quoted: 'Quoted vs estimate',
  bound: 'Bound vs estimate',
  quoteRate: 'Quote rate',
  bindRate: 'Bind rate',
  notEnough: 'Not enough quotes yet',
  notEnoughDetail: '{count} of {minimum} quotes needed to compare this carrier’s prices with the estimate',
  spread: 'middle half {low} to {high}',
  rate: '{count} of {total} submissions',
} as const
