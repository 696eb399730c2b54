import { serveParseTasks } from '#server/platform/spreadsheet-import/serve-parse-tasks.ts'
import { collectRows } from './collect-rows.ts'

// A worker thread of the client import's parse pool (parse-worker.mjs loads it): the shared
// reader with the client rows' checks.
serveParseTasks(collectRows)
