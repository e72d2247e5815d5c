// Every module's tables, one file per module; drizzle-kit and the typed client read them from here.
export * from './accounts';
export * from './service-secrets';
export * from './jobs';
export * from './routing';
export * from './geo';
