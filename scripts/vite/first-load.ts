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
 * What a first visit loads, read from a build's manifest (`build.manifest`): the entry with the
 * chunks it imports and its CSS, and, given a page module ('app/dashboard-route.tsx'), that page's
 * chunk with its own imports. Each file's size gzipped at level 9. Null for a build without a
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
  const pageKey = pageModule ? Object.keys(manifest).find((key) => key.endsWith(pageModule)) : undefined
  if (pageKey) visit(pageKey)
  return [...files].map((file) => ({
    file,
    gzippedBytes: gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length,
  }))
}
