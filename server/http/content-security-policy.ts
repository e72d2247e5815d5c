/**
 * The Content-Security-Policy of the console's pages: scripts run only with the nonce of their own
 * response (`'strict-dynamic'` extends the trust to the chunks those scripts load), so an injected
 * `<script>` cannot run. The nonce is made per request by the proxy (proxy.ts), which hands the
 * policy to Next in the request headers: Next reads the nonce from there and puts it on every script
 * it renders. That needs every page rendered per request (the root layout opts in). Styles keep
 * 'unsafe-inline': Leaflet positions map tiles with inline styles, and a style cannot run code.
 * Responses that are not pages (the /v1 API, static files) get the static policy of next.config.mjs.
 */

/** 128 random bits, base64: unguessable and unique per response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` -> `https://*.tile.example.org`: the one origin outside this server a page loads from. */
function tileOrigin(tileUrl: string | undefined): string {
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl ?? '');
  return match?.[1] ? match[1].replace(/\{[a-z]\}/g, '*') : '';
}

export function pageContentSecurityPolicy(
  nonce: string,
  options: { development: boolean; tileUrl: string | undefined },
): string {
  return [
    "default-src 'self'",
    // 'self' is for browsers without 'strict-dynamic' (they ignore it where it is supported); eval only for next dev's tooling.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin(options.tileUrl)}`.trim(),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
