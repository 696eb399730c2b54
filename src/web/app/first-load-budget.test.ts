import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { firstLoadFiles } from '../../../scripts/vite/first-load.ts'

/**
 * Issue #20: what index.html loads before any page (the entry chunk, the chunks it imports, and the
 * CSS) stays under 150 KB gzipped. Read from the build's manifest, so it is exact and the same on
 * every machine; a heavy library imported into the shell fails it. `npm test` builds first.
 */
const BUDGET_BYTES = 150 * 1024

describe('the first load', () => {
  it('is under 150 KB of gzipped JavaScript and CSS', () => {
    const files = firstLoadFiles(path.resolve('dist/web'))
    expect(files, 'no build with a manifest: run npm run build:web first').not.toBeNull()
    const total = files!.reduce((sum, file) => sum + file.gzippedBytes, 0)
    const breakdown = files!
      .map((file) => `${(file.gzippedBytes / 1024).toFixed(1)} KB ${file.file}`)
      .join(', ')
    expect(files!.some((file) => file.file.endsWith('.js'))).toBe(true)
    expect(total, `first load ${(total / 1024).toFixed(1)} KB gzipped: ${breakdown}`).toBeLessThan(
      BUDGET_BYTES,
    )
  })
})
