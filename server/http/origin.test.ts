import { describe, expect, it } from 'vitest';
import { foreignOriginOf } from './origin';

describe('foreignOriginOf', () => {
  const host = { host: '127.0.0.1:3000' };

  it('refuses console posts from another origin, a null origin and an unparsable one', () => {
    expect(foreignOriginOf('POST', '/api/auth/callback/credentials', { ...host, origin: 'https://evil.example' })).toBe(
      'https://evil.example',
    );
    expect(foreignOriginOf('POST', '/login', { ...host, origin: 'http://127.0.0.1:3001' })).toBe(
      'http://127.0.0.1:3001',
    );
    expect(foreignOriginOf('POST', '/api/trpc/settings.setLocation', { ...host, origin: 'null' })).toBe('null');
    expect(foreignOriginOf('DELETE', '/console', { ...host, origin: 'not a url' })).toBe('not a url');
  });

  it('lets same-origin posts, posts without Origin, safe methods and /v1 through', () => {
    expect(foreignOriginOf('POST', '/login', { ...host, origin: 'http://127.0.0.1:3000' })).toBeUndefined();
    expect(
      foreignOriginOf('POST', '/login', { host: 'Console.Example:443', origin: 'https://console.example:443' }),
    ).toBeUndefined();
    expect(foreignOriginOf('POST', '/login', host)).toBeUndefined();
    expect(foreignOriginOf('GET', '/console', { ...host, origin: 'https://evil.example' })).toBeUndefined();
    expect(foreignOriginOf('POST', '/v1/routing/plan', { ...host, origin: 'https://evil.example' })).toBeUndefined();
  });

  it('compares with the forwarded host a trusted proxy set', () => {
    const proxied = { host: '10.0.0.5:3000', 'x-forwarded-host': 'console.example', origin: 'https://console.example' };
    expect(foreignOriginOf('POST', '/login', proxied)).toBeUndefined();
    expect(foreignOriginOf('POST', '/login', { ...proxied, origin: 'https://evil.example' })).toBe(
      'https://evil.example',
    );
  });
});
