import { serveParseTasks } from '#server/platform/spreadsheet-import/serve-parse-tasks.ts'
import { collectPolicyRows } from './collect-policy-rows.ts'

// A worker thread of the book import's parse pool (parse-worker.mjs loads it): the shared reader
// with the policy rows' checks.
serveParseTasks(collectPolicyRows)
