import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { CallDefinition } from './call.ts'

const CONTRACTS_DIR = path.resolve('src/shared/contracts')

/** Every call declared by the contract modules, by its export name. */
async function allCalls(): Promise<[string, CallDefinition][]> {
  const files = readdirSync(CONTRACTS_DIR).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )
  const calls: [string, CallDefinition][] = []
  for (const file of files) {
    const module = (await import(path.join(CONTRACTS_DIR, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      const call = value as Partial<CallDefinition> | null
      if (call && typeof call === 'object' && typeof call.path === 'string' && call.response) {
        calls.push([`${file} ${name}`, call as CallDefinition])
      }
    }
  }
  return calls
}

// Kinds of schema whose output can differ from the JSON they read.
const CHANGING_KINDS = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'codec'])

/** The places in a schema whose parse would change what the server sent ('.a.b:pipe'). */
function changingParts(schema: z.ZodType, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; coerce?: boolean }
  const found: string[] = []
  // A coerced number reads a JSON number as itself.
  if (CHANGING_KINDS.has(def.type) || (def.coerce && def.type !== 'number')) found.push(`${at}:${def.type}`)
  const visit = (value: unknown, where: string) => {
    if (value && typeof value === 'object' && '_zod' in value)
      found.push(...changingParts(value as z.ZodType, where, seen))
  }
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape') {
      for (const [field, inner] of Object.entries(value as object)) visit(inner, `${at}.${field}`)
    } else if (Array.isArray(value)) {
      for (const [index, inner] of value.entries()) visit(inner, `${at}[${index}]`)
    } else visit(value, `${at}>${key}`)
  }
  return found
}

describe('the contracts', () => {
  it('answer what the server sent: no response schema transforms, defaults or coerces what it reads', async () => {
    // The browser does not parse answers again (src/web/lib/api.ts), so it must read exactly what
    // the server checked against the same schema.
    const calls = await allCalls()
    expect(calls.length).toBeGreaterThan(100)
    const changing = calls.flatMap(([name, call]) =>
      changingParts(call.response).map((part) => `${name} ${part}`),
    )
    expect(changing).toEqual([])
  })

  it('finds a transform where there is one', async () => {
    const { z } = await import('zod')
    const schema = z.object({
      at: z.string().transform((value) => new Date(value)),
      n: z.number().default(1),
    })
    expect(changingParts(schema)).toEqual(['.at:pipe', '.at>out:transform', '.n:default'])
  })
})
