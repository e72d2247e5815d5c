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
  ],
  // Type errors are caught by `npm run typecheck` (part of the test suite); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // `next dev` serves its client scripts to localhost only; tests and tools address it as 127.0.0.1.
  allowedDevOrigins: ['127.0.0.1'],
  reactStrictMode: true,
};

export default nextConfig;
