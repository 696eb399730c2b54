import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

// *.postgres.test.ts need a second process on the test database: PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

// Three suites: server unit + API tests on a fresh database per file, web component tests in jsdom,
// and browser journeys against one started server. `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'src/test/**/*.test.ts'],
          exclude: onPostgres ? configDefaults.exclude : [...configDefaults.exclude, '**/*.postgres.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
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
