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
  },
  server: { proxy: { '/api': 'http://localhost:5000' } },
})
