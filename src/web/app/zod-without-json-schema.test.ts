import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stubOf } from '../../../scripts/vite/zod-without-json-schema.ts'

const zodRoot = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'))

/** The names a stub exports, read back from its source. */
const stubExports = (source: string) => [...source.matchAll(/^export const (\w+)/gm)].map((m) => m[1]).sort()

describe('the web build’s zod without JSON Schema', () => {
  for (const module of ['json-schema-processors.js', 'to-json-schema.js']) {
    it(`stubs every export of zod's ${module}, so zod's own imports of it still resolve`, async () => {
      const file = path.join(zodRoot, 'v4/core', module)
      const real = Object.keys(await import(file)).sort()
      expect(real.length).toBeGreaterThan(3)
      expect(stubExports(await stubOf(file))).toEqual(real)
    })
  }

  it('answers a throwing method from the factories a schema calls eagerly, and throws from the rest', async () => {
    const source = await stubOf(path.join(zodRoot, 'v4/core/to-json-schema.js'))
    const stub = new Function(
      `${source.replaceAll('export const', 'const')}; return { createToJSONSchemaMethod, finalize }`,
    )()
    const method = stub.createToJSONSchemaMethod({})
    expect(() => method({})).toThrow('JSON Schema is not built in the browser')
    expect(() => stub.finalize()).toThrow('JSON Schema is not built in the browser')
  })
})
