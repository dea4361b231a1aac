import type { AuditContext, CheckScope } from './audit-check.ts';
import { mediaTypeOf, parseJson, type AuditResponse } from './audit-http.ts';

/** Fails with the first issues of a zod result; returns the data when it parses. */
export function parseWith<T>(
  scope: CheckScope,
  what: string,
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  scope.fail(`${what} does not match its schema: ${issues}`);
  return undefined;
}

/** Expects a 200 with the media type; fails a JSON/text path answered with HTML (a soft 404). */
export function expectDocument(
  scope: CheckScope,
  response: AuditResponse,
  mediaTypes: readonly string[],
): boolean {
  const type = mediaTypeOf(response);
  if (
    !scope.expect(response.status === 200, `${response.url} answered ${response.status}, not 200`)
  )
    return false;
  return scope.expect(
    mediaTypes.includes(type),
    `${response.url} is ${type || 'untyped'}${type === 'text/html' ? ' (a soft 404)' : ''}, not ${mediaTypes.join(' or ')}`,
  );
}

/** GETs a JSON document on the origin; fails unless it is a 200 of one of the media types and parses. */
export async function getJson(
  context: AuditContext,
  scope: CheckScope,
  path: string,
  types = ['application/json'],
): Promise<unknown> {
  const response = await context.http.get(new URL(path, context.origin).href, types.join(', '));
  if (!expectDocument(scope, response, types)) return undefined;
  const json = parseJson(response.text);
  scope.expect(json !== undefined, `${response.url} is not valid JSON`);
  return json;
}
