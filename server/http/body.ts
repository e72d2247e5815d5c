import { ApiError } from './errors';
import { jsonPath } from '@/server/validation';

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
      throw new ApiError({ status: 400, code: 'request_aborted', message: 'The request body was not received completely.', cause: error });
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

/** A UTF-16 surrogate without its partner: in `u` mode a proper pair is one code point, not `Cs`. */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

/** Deepest nesting of objects and arrays a request body may have; real requests need about six. */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses, naming the field, what no schema should have to survive: nesting deeper than
 * MAX_JSON_DEPTH (free-form `meta` objects would otherwise overflow the stack of every recursive
 * consumer) and strings or keys with a lone UTF-16 surrogate (`"\ud800"`: valid JSON, but not text,
 * and PostgreSQL refuses to store it).
 */
export function assertSaneJson(value: unknown): void {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasLoneSurrogate(current)) {
        throw ApiError.invalidInput(
          `${jsonPath(path) || 'Request body'}: contains a lone UTF-16 surrogate (not valid Unicode text).`,
          jsonPath(path) || undefined,
        );
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= MAX_JSON_DEPTH) {
      throw ApiError.invalidInput(`${jsonPath(path)}: nested deeper than ${MAX_JSON_DEPTH} levels.`, jsonPath(path));
    }
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasLoneSurrogate(key)) {
        throw ApiError.invalidInput(
          `${jsonPath(path) || 'Request body'}: a key contains a lone UTF-16 surrogate (not valid Unicode text).`,
          jsonPath(path) || undefined,
        );
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
}
