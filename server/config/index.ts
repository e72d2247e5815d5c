import { z } from 'zod';
import { SYNC_WINDOW_DEFAULT_SECONDS, SYNC_WINDOW_MAX_SECONDS } from '@/server/contract';

/**
 * All configuration comes from environment variables, validated once. Each module reads its part
 * through `getConfig()`; nothing else reads process.env directly (tests pass overrides instead).
 * Add a variable here, with a default and a description, before using it.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url().optional();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),

  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
  /** Directory for the embedded database and other local state. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seed a demo account tree, users and keys into an empty database on start. */
  SEED_DEMO: booleanFlag.default(true),

  /** JWT verification (routing): HS256 secret, or an RS256/ES256 public key (PEM) file, or a JWKS file. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  JWT_JWKS_FILE: z.string().min(1).optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).optional(),
  /** Server-side pepper for API key hashes (HMAC-SHA256). Generated once and kept in the database when unset. */
  API_KEY_PEPPER: z.string().min(16).optional(),
  /**
   * Addresses of reverse proxies whose X-Forwarded-For / -Proto / -Host are believed (comma-separated
   * IPs). Unset: nobody's are; the client address is the socket's peer.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], 'must be a comma-separated list of IP addresses'))),
  /**
   * A client that has not sent all its headers after HTTP_HEADERS_TIMEOUT_SECONDS, or its whole
   * request after HTTP_REQUEST_TIMEOUT_SECONDS, is answered 408 (Node's defaults hold a half-sent
   * request for five minutes, a cheap way to tie up connections).
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Bearer token that unlocks /metrics from any address; unset: /metrics answers loopback clients only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** next-auth secret for console sessions. Generated and stored under DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(16).optional(),

  /** Jobs: `pool` runs solves on in-process worker threads; `queue` goes through pg-boss on DATABASE_URL. */
  JOBS_MODE: z.enum(['pool', 'queue']).default('pool'),
  WORKER_POOL_SIZE: z.coerce.number().int().min(1).max(256).optional(),
  /** Solver threads per job. */
  SOLVER_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** Executions of one job before it ends `failed` (a job whose worker keeps dying must not loop). */
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** Cap on a request's `options.solverTimeLimitSeconds` (and on account settings', and the default budget's wall time); larger asks are cut to it. */
  ROUTING_MAX_SOLVER_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * Routing solves of one tenant (an account tree) running at once, so other tenants get a turn
   * (default: half the worker threads, at least 1). Pool mode: per app instance. Queue mode: across
   * all workers, and only when set. Booking searches do not count (they have a lane of their own).
   */
  JOBS_PER_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * Routing solves of one account running at once, inside its tenant's share (default: the tenant's
   * share). Pool mode: per app instance. Queue mode: across all workers, and only when set.
   */
  JOBS_PER_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * Threads of the latency lane (booking searches), per app process in pool mode and per worker in
   * queue mode, on top of the solver threads and scheduled ahead of them (default: the solver
   * threads' count, at most 4).
   */
  JOBS_LATENCY_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Time limit of a job whose submitter names none; a handler past it (plus a grace) is stopped. */
  JOBS_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Pool mode: how long an app instance's claim on its jobs lasts without renewal. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Queue mode: pg-boss heartbeat; a dead worker's job is retried this long (plus the monitor interval) later. */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(10),
  /** Queue mode: how often pg-boss looks for jobs whose worker stopped heartbeating. */
  JOBS_MONITOR_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Queue mode: jobs one `npm run worker` process runs at once (default: WORKER_POOL_SIZE, else cores). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),

  /** Optional street-level geocoder (Nominatim or Pelias HTTP API). */
  GEOCODER_URL: optionalUrl,
  GEOCODER: z.enum(['nominatim', 'pelias']).default('nominatim'),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Optional road-network travel-time engine. */
  ROUTING_ENGINE: z.enum(['embedded', 'osrm', 'valhalla']).default('embedded'),
  ROUTING_ENGINE_URL: optionalUrl,
  ROUTING_ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Largest table per request: OSRM locations (its --max-table-size, default 100) or Valhalla location pairs (default 2500). */
  ROUTING_ENGINE_TABLE_LIMIT: z.coerce.number().int().min(2).optional(),
  /** Retries of a failed engine request (network error, timeout, 5xx, 429), with exponential backoff. */
  ROUTING_ENGINE_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Table requests in flight at once per matrix. */
  ROUTING_ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Pairwise legs kept by the in-process travel-time cache (about 100 bytes each). */
  MATRIX_CACHE_LEGS: z.coerce.number().int().min(0).default(500_000),

  /**
   * The console map's street tiles, read when a page is served (no rebuild): an http(s) URL
   * template with {z}, {x} and {y} (and optionally {s} or {r}), e.g. a self-hosted tile server's
   * http://tiles.example.internal:8080/styles/basic/{z}/{x}/{y}.png. Unset: the bundled outlines alone.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'must be an http(s) URL template')
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}')
    .optional(),
  /** Credit shown on the map for MAP_TILE_URL's tiles (e.g. "© OpenStreetMap contributors"). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),

  /** Request limits of the public API (documented in the OpenAPI document). */
  MAX_ORDERS: z.coerce.number().int().min(1).default(2000),
  MAX_FLEET: z.coerce.number().int().min(1).default(300),
  MAX_CART_ITEMS: z.coerce.number().int().min(1).default(100),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  ROUTING_SYNC_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0)
    .max(SYNC_WINDOW_MAX_SECONDS)
    .default(SYNC_WINDOW_DEFAULT_SECONDS),
  ROUTING_JOB_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 60),
  /** Plans and bookings made in the console stay in its history this long (default 7 days); /v1 polling still ends at ROUTING_JOB_RETENTION_SECONDS. */
  CONSOLE_PLAN_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  BOOKING_RESULT_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 60),
  /** An identical booking search is answered with the handle of one that found windows this recently. */
  BOOKING_DEDUPE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60),
  /** Booking recommend rate limit per account: sustained searches per second and burst size. */
  BOOKING_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(10),
  BOOKING_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Tests only: lets DATA_DIR/booking-test-clock.json move booking's clock forward per account
   * (lead time, cutoff, dedupe window, retention). Never set it in production.
   */
  BOOKING_TEST_CLOCK: booleanFlag.default(false),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })),
    );
  }
  const config = parsed.data;
  if (config.JOBS_MODE === 'queue' && !config.DATABASE_URL) {
    throw new ConfigError([{ variable: 'JOBS_MODE', message: 'queue mode needs DATABASE_URL (a PostgreSQL server)' }]);
  }
  if ((config.ROUTING_ENGINE === 'osrm' || config.ROUTING_ENGINE === 'valhalla') && !config.ROUTING_ENGINE_URL) {
    throw new ConfigError([
      { variable: 'ROUTING_ENGINE_URL', message: `required when ROUTING_ENGINE=${config.ROUTING_ENGINE}` },
    ]);
  }
  if (config.BOOKING_RATE_LIMIT_BURST < config.BOOKING_RATE_LIMIT_PER_SECOND) {
    throw new ConfigError([
      { variable: 'BOOKING_RATE_LIMIT_BURST', message: 'must be at least BOOKING_RATE_LIMIT_PER_SECOND' },
    ]);
  }
  return config;
}

let cached: Config | undefined;

/** The process configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** For tests and scripts that change the environment after start. */
export function resetConfigForTests(): void {
  cached = undefined;
}

export { processWide, type ProcessWide } from './process-wide';
