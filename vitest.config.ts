import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Three projects, one naming convention (db and api files run one at a time: scripts/test-all.sh passes --no-file-parallelism):
//   pure: server/**/*.test.ts           no database, no network (solver, geo math, parsers)
//   db:   server/**/*.db.test.ts        a real database; run once per engine (TEST_DB=pglite|postgres)
//   api:  tests/api/**/*.test.ts        a real HTTP server at BASE_URL (started by scripts/test-all.sh)
const alias = { '@': path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'pure',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.db.test.ts', 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['server/**/*.db.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Vite sets process.env.BASE_URL to its own base path ('/'); keep the server's address.
          env: { BASE_URL: process.env.BASE_URL ?? '' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
