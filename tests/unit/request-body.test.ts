import { describe, expect, it } from 'vitest';
import { fromWebRequest } from '../../src/http/plain-http.ts';
import { readMediaType, readRequestBody } from '../../src/http/request-body.ts';

const post = (body: string, contentType?: string) =>
  fromWebRequest(
    new Request('https://facts.example.com/x', {
      method: 'POST',
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
    }),
  );

const json = { mediaType: 'application/json', maxBytes: 64, format: 'json' } as const;
const form = {
  mediaType: 'application/x-www-form-urlencoded',
  maxBytes: 64,
  format: 'form',
} as const;

describe('readMediaType', () => {
  it('should drop parameters and case', () => {
    expect(readMediaType('Application/JSON; charset=utf-8')).toBe('application/json');
  });
  it('should give undefined for a missing or empty header', () => {
    expect(readMediaType(undefined)).toBeUndefined();
    expect(readMediaType(' ; charset=utf-8')).toBeUndefined();
  });
});

describe('readRequestBody', () => {
  it('should parse a JSON body of the right media type', async () => {
    expect(
      await readRequestBody(post('{"a":[1]}', 'application/json; charset=utf-8'), json),
    ).toEqual({ ok: true, value: { a: [1] } });
  });

  it('should parse a form body into its parameters', async () => {
    const result = await readRequestBody(post('a=1&b=x%20y', form.mediaType), form);
    expect(result.ok && [...result.value]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
    ]);
  });

  it('should refuse another media type, naming what was given', async () => {
    expect(await readRequestBody(post('{}', 'text/plain'), json)).toEqual({
      ok: false,
      reason: 'media_type',
      given: 'text/plain',
    });
    expect(await readRequestBody(post('{}'), form)).toMatchObject({
      ok: false,
      reason: 'media_type',
    });
  });

  it('should refuse a body past the limit', async () => {
    expect(await readRequestBody(post(`"${'x'.repeat(100)}"`, 'application/json'), json)).toEqual({
      ok: false,
      reason: 'too_large',
      maxBytes: 64,
    });
  });

  it('should refuse JSON that does not parse', async () => {
    expect(await readRequestBody(post('{"a":', 'application/json'), json)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('should refuse JSON nested deeper than the rule allows', async () => {
    expect(
      await readRequestBody(post('[[[[1]]]]', 'application/json'), { ...json, maxDepth: 3 }),
    ).toEqual({ ok: false, reason: 'too_deep', maxDepth: 3 });
    expect(
      await readRequestBody(post('[[[1]]]', 'application/json'), { ...json, maxDepth: 3 }),
    ).toEqual({ ok: true, value: [[[1]]] });
    // The shortest texts one level too deep ({} and [] alike), and the deepest within the limit.
    for (const text of ['[[[[]]]]', '{"":[{"":{}}]}']) {
      expect(
        await readRequestBody(post(text, 'application/json'), { ...json, maxDepth: 3 }),
      ).toEqual({ ok: false, reason: 'too_deep', maxDepth: 3 });
    }
    expect(
      await readRequestBody(post('[[[]]]', 'application/json'), { ...json, maxDepth: 3 }),
    ).toEqual({ ok: true, value: [[[]]] });
  });
});
