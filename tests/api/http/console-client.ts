import { baseUrl } from '../client';

/** The console's tRPC API behind the next-auth session, driven over HTTP as a browser would. */

export interface TrpcResult {
  result?: { data: { json: unknown } };
  error?: { json: { message: string; code: number; data: { code: string; httpStatus: number; param?: string } } };
}

/** Adds a response's Set-Cookie cookies to `jar`. */
export function cookiesOf(response: Response, jar: Map<string, string>): Map<string, string> {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
  return jar;
}

export const cookieHeader = (jar: Map<string, string>) => [...jar.entries()].map(([k, v]) => `${k}=${v}`).join('; ');

/** Signs in with the Credentials provider the way the auth.js client does: CSRF token, then the callback. */
export async function signIn(
  email: string,
  password: string,
): Promise<{ jar: Map<string, string>; location: string | null }> {
  const jar = new Map<string, string>();
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl()}/console` }),
  });
  cookiesOf(callback, jar);
  return { jar, location: callback.headers.get('location') };
}

/** A tRPC query (GET); `input` is sent superjson-wrapped as the client does. */
export async function query(
  path: string,
  jar?: Map<string, string>,
  input?: unknown,
): Promise<{ status: number; body: TrpcResult }> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${baseUrl()}/api/trpc/${path}${search}`, {
    headers: jar ? { Cookie: cookieHeader(jar) } : {},
  });
  return { status: response.status, body: (await response.json()) as TrpcResult };
}

/** A tRPC mutation (POST). */
export async function mutate(
  path: string,
  jar: Map<string, string>,
  input: unknown,
): Promise<{ status: number; body: TrpcResult }> {
  const response = await fetch(`${baseUrl()}/api/trpc/${path}`, {
    method: 'POST',
    headers: { Cookie: cookieHeader(jar), 'Content-Type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
  return { status: response.status, body: (await response.json()) as TrpcResult };
}

export const hasSession = (jar: Map<string, string>) =>
  [...jar.keys()].some((name) => name.endsWith('authjs.session-token'));
