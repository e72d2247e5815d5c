import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '@/server/api-reference/document';

/** The checked-in types the client is built on; `npm run client:generate` rewrites it. */
const SCHEMA_FILE = path.join(import.meta.dirname, 'v1-schema.ts');

const HEADER = [
  '// Generated from the /v1 OpenAPI document by `npm run client:generate`; do not edit.',
  '// A test fails when this file no longer matches the document (server/api-client/generate.test.ts).',
  '',
].join('\n');

/** The TypeScript types for the /v1 OpenAPI document built in this process, formatted like the repository's sources. */
export async function generateSchemaTypes(): Promise<string> {
  // openapi-typescript annotates the object it is given: hand it a copy of the cached document.
  const document = JSON.parse(JSON.stringify(openApiDocument())) as OpenAPI3;
  const source = HEADER + astToString(await openapiTS(document, { alphabetize: false }));
  const options = (await resolveConfig(SCHEMA_FILE)) ?? {};
  return format(source, { ...options, filepath: SCHEMA_FILE });
}

export async function readCheckedInSchemaTypes(): Promise<string> {
  return readFile(SCHEMA_FILE, 'utf8');
}

export async function writeSchemaTypes(): Promise<string> {
  await writeFile(SCHEMA_FILE, await generateSchemaTypes());
  return SCHEMA_FILE;
}
