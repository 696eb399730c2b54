/**
 * Server-side bounds of an import that the contract does not state (it states bytes, rows and
 * columns). Each one caps what a hostile or broken file can make the server do.
 */

/**
 * Rows written per transaction (about 12 bind parameters a row, far under PostgreSQL's 65,535).
 * clients.service builds one INSERT naming all ~95 client columns, so its cost is per row: from 250
 * to 2,000 rows a batch, rows/s and peak heap measured the same. 1,000 keeps transactions short.
 */
export const IMPORT_BATCH_SIZE = 5000

/** Decompressed bytes an .xlsx may make us read in all (zip bombs); a 100,000-row sheet of the template's columns is about 60 MB. */
export const XLSX_INFLATE_BUDGET = 128 * 1024 * 1024

/** workbook.xml and its relationships are read whole to find the first sheet; real ones are a few kB. */
export const XLSX_SMALL_PART_MAX = 4 * 1024 * 1024

/** A real workbook has dozens of zip entries; thousands is a crafted file. */
export const XLSX_MAX_ENTRIES = 10_000

/** Reading a file (not writing it) may take this long before the file counts as unreadable. */
export const PARSE_DEADLINE_MS = 120_000

/** csv-parse refuses a record longer than this (characters): an unclosed quote must not swallow the file into one field. */
export const CSV_MAX_RECORD_CHARS = 1_000_000
