import { unknownEndpoint } from '@/server/http';

// Every /v1 path and method no other route serves: authenticate first, then 404 `not_found` in the
// error envelope, so an API client never receives Next's HTML 404 page.
export {
  unknownEndpoint as GET,
  unknownEndpoint as POST,
  unknownEndpoint as PUT,
  unknownEndpoint as PATCH,
  unknownEndpoint as DELETE,
  unknownEndpoint as HEAD,
  unknownEndpoint as OPTIONS,
};
