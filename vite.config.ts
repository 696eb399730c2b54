import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite/precompress.ts'
import { PAGE_ROUTES_FILE, routePreloads } from './scripts/vite/route-preloads.ts'
import { zodWithoutJsonSchema } from './scripts/vite/zod-without-json-schema.ts'

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), routePreloads(PAGE_ROUTES_FILE), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The first-load budget test (src/web/app/first-load-budget.test.ts) reads the manifest.
    manifest: true,
    // Modules shared by pages become chunks of their own, many of one icon or helper (~1 KB each).
    // A phone on a slow network pays a round trip per file, beyond the browser's six connections
    // at a time, so chunks under 5 KB are merged into the ones that import them (decision 009).
    // Not 10 KB: Rollup may merge a small chunk into the entry, and at 10 KB helpers that only pages
    // share (formatting, texts, stat cards) went into the shell and put /login over its budget.
    rollupOptions: { output: { experimentalMinChunkSize: 5_000 } },
  },
  server: { proxy: { '/api': 'http://localhost:5000' } },
})
