// A parse worker's entry: the app runs its TypeScript through tsx, and a worker thread does not
// inherit tsx's loader, so the worker registers it before loading the reader (parse-pool.ts).
import { register } from 'tsx/esm/api'

register()
await import('./parse-worker.job.ts')
