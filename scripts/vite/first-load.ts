import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestEntry {
  file: string
  imports?: string[]
  css?: string[]
}

export interface LoadedFile {
  file: string
  gzippedBytes: number
}

/**
 * What the shell imports lazily on every page, before any page can render: the current user's
 * contract (src/web/features/auth/auth.queries.ts), kept out of the entry so zod is not in it.
 * Paths from the repository's root.
 */
export const SHELL_LAZY_MODULES = ['src/shared/contracts/current-user.contract.ts']

/**
 * What a first visit loads, read from a build's manifest (`build.manifest`): the entry with the
 * chunks it imports and its CSS, and, given a page module ('app/dashboard-route.tsx'), that page's
 * chunk with its own imports and what the shell loads lazily on every page (SHELL_LAZY_MODULES). Each file's size gzipped at level 9. Null for a build without a
 * manifest. Used by the first-load budget test and the Lighthouse bench.
 */
export function firstLoadFiles(webRoot: string, pageModule?: string): LoadedFile[] | null {
  const manifestFile = path.join(webRoot, '.vite/manifest.json')
  if (!existsSync(manifestFile)) return null
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>
  const files = new Set<string>()
  const visit = (key: string) => {
    const entry = manifest[key]
    if (!entry || files.has(entry.file)) return
    files.add(entry.file)
    for (const css of entry.css ?? []) files.add(css)
    for (const imported of entry.imports ?? []) visit(imported)
  }
  visit('index.html')
  const keyOf = (module: string) => Object.keys(manifest).find((key) => key.endsWith(module))
  const pageKey = pageModule ? keyOf(pageModule) : undefined
  if (pageKey) {
    visit(pageKey)
    for (const module of SHELL_LAZY_MODULES) visit(keyOf(module.replace(/^src\//, '')) ?? module)
  }
  return [...files].map((file) => ({
    file,
    gzippedBytes: gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length,
  }))
}
