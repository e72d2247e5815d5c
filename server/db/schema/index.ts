// Every module's tables, one file per module; drizzle-kit and the typed client read them from here.
// Schema files import each other relatively (drizzle-kit loads them without the app's `@/` alias);
// after a change, `npm run db:generate` writes the migration.
export * from './accounts';
export * from './service-secrets';
export * from './jobs';
export * from './routing';
export * from './geo';
export * from './booking';
