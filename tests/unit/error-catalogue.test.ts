import { describe, expect, it } from 'vitest';
import { buildErrorPage } from '../../src/documents/error-pages.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { ENDPOINT_ERRORS, STANDARD_ERRORS } from '../../src/service/error-kinds.ts';
import { OAUTH_ERRORS } from '../../src/service/oauth-errors.ts';

describe('listErrorCatalogue', () => {
  it('should list every error kind once, sorted by status and then by code', () => {
    const entries = listErrorCatalogue();
    const keys = entries.map((entry) => `${String(entry.status).padStart(3, '0')} ${entry.code}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(entries.map((entry) => entry.code)).size).toBe(entries.length);
    expect(entries).toHaveLength(
      STANDARD_ERRORS.length + ENDPOINT_ERRORS.length + Object.keys(OAUTH_ERRORS).length,
    );
  });

  it('should put the two 403 problems in code order before the 404', () => {
    const codes = listErrorCatalogue().map((entry) => entry.code);
    expect(codes.indexOf('forbidden_host')).toBeLessThan(codes.indexOf('forbidden_origin'));
    expect(codes.indexOf('forbidden_origin')).toBeLessThan(codes.indexOf('not_found'));
  });
});

describe('buildErrorPage', () => {
  it('should give invalid_token an example from an endpoint that verifies tokens', () => {
    const entry = listErrorCatalogue().find((candidate) => candidate.code === 'invalid_token');
    if (!entry) throw new Error('no invalid_token in the catalogue');
    expect(buildErrorPage('https://facts.example.com', entry).exampleInstance).toBe('/mcp');
  });
});
