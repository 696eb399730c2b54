import { availableParallelism } from 'node:os'

/**
 * Server-side bounds of an import that the contract does not state (it states bytes, rows and
 * columns). Each one caps what a hostile or broken file can make the server do.
 */

/** Rows written per transaction: a batch is saved whole or not at all. */
export const IMPORT_BATCH_SIZE = 3000

/**
 * Rows per insert statement (each column one array parameter). A batch is written as several
 * chunks so that writing can start while the rest of the file is still being read. A divisor of
 * IMPORT_BATCH_SIZE.
 */
export const IMPORT_CHUNK_SIZE = 1000

/**
 * Batch transactions one import keeps open on PostgreSQL: the first ones are written while the
 * file is read, and after that the next ones are written while the oldest commits. Each holds a
 * pooled connection (of 10): three imports at once leave one for everything else, and a fourth
 * waits for a connection. Three batches of 3,000 kept two cores busier than two of 5,000 (import
 * to COPY 0.85–0.92 against 0.73–0.76 for a 10,000-row XLSX, same runs). The embedded database
 * runs one transaction at a time, so there it is one.
 */
export const IMPORT_OPEN_BATCHES = 3

/**
 * How long a batch that waits for its commit may itself wait for rows another transaction holds
 * (an Add Client or an import of the same emails) before it gives up and the rest of the import is
 * written one batch at a time instead. Without it two imports could wait on each other forever.
 */
export const IMPORT_LOCK_WAIT_MS = 2000

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

/**
 * Parse worker threads per process, and so imports read at once by one process (a 429 past it):
 * one per core, since reading a spreadsheet keeps a core busy.
 */
export const IMPORT_WORKERS = Math.max(1, availableParallelism())
