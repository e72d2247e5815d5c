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
  reactStrictMode: true,
};

export default nextConfig;
