import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildMcpRegistryServer } from '../../src/documents/mcp-registry-server.ts';
import { TOUCH_ICON_SIZE } from '../../src/integrations/brand-images.ts';
import { PROTOCOL_VERSIONS } from '../../src/service/mcp-protocol.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

/** The registry's published schema, vendored byte for byte (tests/fixtures/standards/README.md). */
const schemaBytes = readFileSync(
  new URL('../fixtures/standards/mcp-registry-server.schema.json', import.meta.url),
);
const schema = JSON.parse(schemaBytes.toString('utf8')) as Record<string, unknown>;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

const urls = buildServiceUrls('https://facts.bakery.example');

describe('buildMcpRegistryServer', () => {
  it('should validate against the 2025-12-11 schema the official registry publishes', async () => {
    // The digest of the published file, so the copy cannot drift from it unnoticed.
    expect(createHash('sha256').update(schemaBytes).digest('hex')).toBe(
      '3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0',
    );
    for (const company of ['minimal', 'rich']) {
      const server = buildMcpRegistryServer(await loadFixtureContent(company), urls);
      expect(validate(server), JSON.stringify(validate.errors)).toBe(true);
      expect(server.$schema).toBe(schema.$id);
    }
  });

  it("should name the server in the reverse-DNS namespace of the site's own domain", async () => {
    const server = buildMcpRegistryServer(await loadFixtureContent('rich'), urls);
    expect(server.name).toMatch(/^example\.bakery\.facts\/[a-z0-9-]+-facts$/);
  });

  it('should keep an IP address as it is, since it has no domain labels to reverse', async () => {
    const content = await loadFixtureContent('minimal');
    const name = (origin: string) =>
      buildMcpRegistryServer(content, buildServiceUrls(origin)).name.split('/')[0];
    expect(name('http://127.0.0.1:4321')).toBe('127.0.0.1');
    expect(name('http://[::1]:4321')).toBe('--1');
    expect(name('http://localhost:4321')).toBe('localhost');
    expect(name('https://www.facts.bakery.example')).toBe('example.bakery.facts.www');
    for (const origin of ['http://127.0.0.1:4321', 'http://[::1]:4321']) {
      const server = buildMcpRegistryServer(content, buildServiceUrls(origin));
      expect(validate(server), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('should describe the remote streamable HTTP endpoint, its protocol versions and the icons', async () => {
    const server = buildMcpRegistryServer(await loadFixtureContent('rich'), urls);
    expect(server.remotes).toEqual([{ type: 'streamable-http', url: urls.mcp }]);
    expect(
      server._meta['io.modelcontextprotocol.registry/publisher-provided'].supportedProtocolVersions,
    ).toEqual(PROTOCOL_VERSIONS);
    expect(server.icons.map((icon) => icon.src)).toEqual([
      'https://facts.bakery.example/favicon.svg',
      'https://facts.bakery.example/apple-touch-icon.png',
    ]);
    expect(server.icons[1]?.sizes).toEqual([`${TOUCH_ICON_SIZE}x${TOUCH_ICON_SIZE}`]);
    expect(server.description.length).toBeLessThanOrEqual(100);
  });

  it('should fail the schema with a name outside the reverse-DNS form (the check can fail)', async () => {
    const server = buildMcpRegistryServer(await loadFixtureContent('minimal'), urls);
    expect(validate({ ...server, name: 'no slash here' })).toBe(false);
    expect(validate({ ...server, description: 'x'.repeat(101) })).toBe(false);
  });
});
