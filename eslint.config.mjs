import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The intended dependency direction between modules, as lint errors (server/architecture's test
 * checks the same on every import, relative ones included). ESLint applies the last matching
 * `no-restricted-imports`, so each directory's entry lists everything forbidden there.
 */
const APP_AND_COMPONENTS = {
  group: ['@/app', '@/app/**', '@/components', '@/components/**'],
  message: 'server/ never imports app/ or components/: pages and route handlers depend on server/, not the reverse.',
};
const DOMAINS = {
  group: [
    '@/server/routing',
    '@/server/routing/**',
    '@/server/booking',
    '@/server/booking/**',
    '@/server/accounts',
    '@/server/accounts/**',
    '@/server/app-jobs',
    '@/server/app-jobs/**',
  ],
  message: 'server/jobs, server/geo and server/db import no domain: domains depend on them.',
};
const HTTP = {
  group: ['@/server/http', '@/server/http/**'],
  message: 'Domains do not speak HTTP: raise a domain error (code, param) and let server/http map it.',
};
const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'public/vendor/**',
      'server/api-client/v1-schema.ts',
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [...tseslint.configs.recommendedTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  { rules: { 'no-constant-condition': ['error', { checkLoops: false }] } },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An async function that does not await still turns a throw into a rejection, which is why
      // interface implementations (matrix providers, caches, job handlers) are async.
      '@typescript-eslint/require-await': 'off',
      // No-op callbacks are deliberate: silenced PostgreSQL notices, default progress listeners.
      '@typescript-eslint/no-empty-function': ['error', { allow: ['arrowFunctions', 'methods'] }],
      // `value || undefined` on strings deliberately treats the empty string as absent (env, headers).
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  {
    // vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off', '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: { ...nextPlugin.configs['core-web-vitals'].rules, ...reactHooks.configs.flat.recommended.rules },
  },
  { files: ['server/**/*.{ts,tsx,mjs}'], rules: { 'no-restricted-imports': restrict(APP_AND_COMPONENTS) } },
  {
    files: ['server/optimizer/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['@/**'],
        message: 'The solver imports nothing outside server/optimizer.',
      }),
    },
  },
  {
    files: ['server/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict({
        group: ['@/**'],
        message: 'The contract constants import nothing, so every layer may use them.',
      }),
    },
  },
  {
    files: ['server/{jobs,geo,db}/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': restrict(APP_AND_COMPONENTS, DOMAINS, HTTP) },
  },
  {
    files: ['server/{routing,booking,accounts}/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(APP_AND_COMPONENTS, HTTP) },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
