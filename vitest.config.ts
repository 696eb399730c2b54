import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

// *.postgres.test.ts need a second process on the test database: PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

// Three suites: server unit + API tests on a fresh database per file, web component tests in jsdom,
// and browser journeys against one started server. `npm test` runs them all.
export default defineConfig({
  test: {
    // At least two: on two cores Vitest's default (cores − 1) left one idle. Measured on 13 server
    // files: 55 s with one isolated worker, 41 s with two, 27 s with two sharing their modules.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/test/**/*.test.ts'],
          exclude: onPostgres ? configDefaults.exclude : [...configDefaults.exclude, '**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          // The server files share one module graph per worker instead of importing the app again
          // for each file: each file still builds its own app on its own database, and no server
          // test mocks a module. (The web files do mock some, so they stay isolated.)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
