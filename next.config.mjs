// The map's tile server (MAP_TILE_URL, a template such as https://{s}.tile.example.org/{z}/{x}/{y}.png)
// is the one origin outside this server a page loads from. This static policy sees the value present at
// build time; a policy made per request reads it at run time, as the console's maps do.
function tileOrigin() {
  const match = /^(https?:\/\/[^/]+)/.exec(process.env.MAP_TILE_URL ?? '');
  return match ? match[1].replace(/\{[a-z]\}/g, '*') : '';
}

// What is not a page (the API, static files) gets this static policy; pages get one with a per-request
// script nonce instead (proxy.ts, server/http/content-security-policy.ts), which replaces this header.
// Nothing loads from elsewhere, no inline script runs, and nothing may be framed (clickjacking).
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self'${process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${tileOrigin()}`.trim(),
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages that read files, open databases or start worker threads at run time stay outside the bundle.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg-boss',
    'piscina',
    'postgres',
    'zipcodes',
    '@photostructure/tz-lookup',
    'tsx',
    // Its PostgreSQL store imports drizzle-orm at run time by a computed name.
    'rate-limiter-flexible',
  ],
  // Type errors are caught by `npm run typecheck` (part of the test suite); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // No gzip in the app: compressing every small JSON answer on the event loop cost about 8% of its CPU
  // under poll load (docs/benchmarks.md); compression belongs to the reverse proxy (docs/decisions.md).
  compress: false,
  // `/v1/routing/jobs/` is an API path with an empty job id (400 invalid_job_id), not a redirect to follow.
  skipTrailingSlashRedirect: true,
  // `next dev` serves its client scripts to localhost only; tests and tools address it as 127.0.0.1.
  allowedDevOrigins: ['127.0.0.1'],
  reactStrictMode: true,
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // HTTPS only (X-Forwarded-Proto is believed from TRUSTED_PROXIES only: server/http/client-address.ts).
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }],
      },
    ];
  },
};

export default nextConfig;
