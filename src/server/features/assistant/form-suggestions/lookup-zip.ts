import { createRequire } from 'node:module'

interface ZipRecord {
  zip: string
  city: string
  state: string
  country: string
}

let table: ((zip: string) => ZipRecord | undefined) | undefined

/**
 * The city and state of a US ZIP code (5 digits, or ZIP+4), from the `zipcodes` package's shipped
 * data set. The data (about 30 MB in memory) loads on the first lookup, not at start-up.
 */
export function lookupZip(text: string): { zip: string; city: string; state: string } | null {
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(text)?.[1]
  if (!zip) return null
  table ??= (createRequire(import.meta.url)('zipcodes') as { lookup: typeof table }).lookup
  const record = table!(zip)
  if (record?.country !== 'US') return null
  return { zip, city: record.city, state: record.state }
}

/** Loads the data set now (the benchmark's warm-up; a server may call it when idle). */
export function preloadZipCodes(): void {
  lookupZip('10001')
}
