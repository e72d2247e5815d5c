import { writeSchemaTypes } from '@/server/api-client/generate';

// Rewrites the typed client's schema after an OpenAPI change (the staleness test names this command).
const file = await writeSchemaTypes();
console.log(JSON.stringify({ written: file }));
