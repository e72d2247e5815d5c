/** Request headers for the authentication tests (for tests only). */

/** An `Authorization: Basic` header for an API user and key. */
export const basicAuthorization = (user: string, key: string) =>
  new Headers({ authorization: `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}` });
