import { ApiError } from './errors';
import { findUnsafeInput, jsonPath } from '@/server/validation';

/** `application/json`, optionally with parameters (charset), or a `+json` structured suffix. */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

function assertDeclaredLengthWithin(request: Request, limitBytes: number): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limitBytes) {
    throw ApiError.requestTooLarge(limitBytes);
  }
}

/**
 * Reads and drops what the client is still sending, up to `maxBytes` more, while the 413 goes out.
 * Closing a connection that has unread data makes the kernel reset it, and the reset can destroy the
 * response before the client reads it; beyond `maxBytes` the stream is cancelled anyway.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<void> {
  let discarded = 0;
  try {
    while (discarded <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  }
}

/**
 * Reads the body as text, refusing more than `limitBytes`: first by the declared Content-Length (no
 * read at all), then by counting the streamed bytes, because chunked requests declare nothing.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  assertDeclaredLengthWithin(request, limitBytes);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  while (true) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The client closed the connection mid-upload: its mistake, not a server error (nobody reads the answer).
      throw new ApiError({
        status: 400,
        code: 'request_aborted',
        message: 'The request body was not received completely.',
        cause: error,
      });
    });
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      void discardRest(reader, limitBytes);
      throw ApiError.requestTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw ApiError.invalidInput('Request body is not valid UTF-8.');
  }
}

/**
 * The JSON body of a request: Content-Type must be JSON (400 `invalid_input`, param `Content-Type`),
 * at most `limitBytes` (413 `request_too_large`), and well-formed (400 `invalid_input`).
 */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  assertDeclaredLengthWithin(request, limitBytes);
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw ApiError.invalidInput(
      `Content-Type must be application/json (got ${JSON.stringify(request.headers.get('content-type') ?? 'none')}).`,
      'Content-Type',
    );
  }
  const text = await readBodyText(request, limitBytes);
  if (text.trim() === '') throw ApiError.invalidInput('Request body is empty; send a JSON object.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` ${error.message}` : '';
    throw ApiError.invalidInput(`Request body is not valid JSON.${detail}`);
  }
  assertSaneJson(parsed);
  return parsed;
}

/**
 * Refuses, naming the field, what no schema should have to survive (server/validation/text.ts): NUL
 * characters and lone UTF-16 surrogates in strings or keys, and nesting deeper than MAX_INPUT_DEPTH.
 */
function assertSaneJson(value: unknown): void {
  const unsafe = findUnsafeInput(value);
  if (!unsafe) return;
  const param = jsonPath(unsafe.path) || undefined;
  throw ApiError.invalidInput(`${param ?? 'Request body'}: ${unsafe.message}.`, param);
}
