import type { PlainRequest } from '../../src/http/plain-http.ts';

/** The origin of the plain requests made here. */
export const PLAIN_REQUEST_ORIGIN = 'https://facts.example';

/**
 * A plain request without a body, as a host hands one to a function: `path` on
 * `PLAIN_REQUEST_ORIGIN`, its headers found by name in any case, from a documentation
 * address (RFC 5737).
 */
export function makePlainRequest(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): PlainRequest {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    method,
    url: new URL(path, PLAIN_REQUEST_ORIGIN),
    header: (name) => lower.get(name.toLowerCase()),
    client: '192.0.2.1',
    text: async () => '',
  };
}
