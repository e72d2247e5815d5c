import { defineConfig } from 'drizzle-kit';

// One schema, one migrations folder, applied to both engines (embedded PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './drizzle',
});
