import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'

/** zod's two modules that turn a schema into JSON Schema; only the server's API docs use that. */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/
const STUB_PREFIX = '\0zod-json-schema-stub:'

/**
 * zod's classic schema classes reach its JSON Schema generator through their methods, so the
 * bundler cannot drop it: about 5 KB gzipped of every page that parses an answer, for a feature
 * the browser never calls. In the web build those two modules become stubs with the same exports
 * that throw if ever called. The server (and the tests, which do not use Vite's build) keep the
 * real ones. The first-load budget test covers the size, the browser journeys parse every answer
 * through the stubbed bundle, and a test keeps the stubs' exports those of the real modules.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema-processors|to-json-schema/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !JSON_SCHEMA_MODULES.test(resolved.id)) return null
      return STUB_PREFIX + resolved.id
    },
    async load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null
      return stubOf(id.slice(STUB_PREFIX.length))
    },
  }
}

/**
 * Every export of the real module (read by importing it, so none is missed) as a function that
 * throws when called; the `create…` factories (a schema's `~standard` getter calls them eagerly)
 * answer such a function instead.
 */
export async function stubOf(file: string): Promise<string> {
  const names = Object.keys(await import(pathToFileURL(file).href))
  const lines = [
    `const unavailable = () => { throw new Error('JSON Schema is not built in the browser (zod ${path.basename(file)})') }`,
  ]
  for (const name of names)
    lines.push(`export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'}`)
  return lines.join('\n')
}
