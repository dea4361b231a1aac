import { describe, expect, it } from 'vitest';
import { buildApiCatalog } from '../../src/documents/api-catalog.ts';
import {
  buildAgentAuth,
  buildAuthorizationServerMetadata,
} from '../../src/documents/authorization-server-metadata.ts';
import { buildClaimMetadata } from '../../src/documents/claim-metadata.ts';
import { buildProtectedResourceMetadata } from '../../src/documents/protected-resource-metadata.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { ApiCatalogLinksetSchema } from '../../src/schemas/api-catalog.ts';
import { AuthorizationServerMetadataSchema } from '../../src/schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../../src/schemas/claim-metadata.ts';
import { ProtectedResourceMetadataSchema } from '../../src/schemas/protected-resource-metadata.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const origin = 'https://facts.example.com';
const urls = buildServiceUrls(origin);
const content = await loadFixtureContent('rich');

describe('buildProtectedResourceMetadata', () => {
  it('should describe the origin with the origin as authorization server (RFC 9728 §2, docs/spec.md §5.3)', () => {
    const metadata = ProtectedResourceMetadataSchema.parse(
      buildProtectedResourceMetadata(content, urls, 'origin'),
    );
    expect(metadata).toMatchObject({
      resource: origin,
      authorization_servers: [origin],
      scopes_supported: ['mcp:read', 'mcp:tools'],
      bearer_methods_supported: ['header'],
    });
  });

  it('should describe the MCP endpoint as its own resource', () => {
    expect(buildProtectedResourceMetadata(content, urls, 'mcp').resource).toBe(`${origin}/mcp`);
  });
});

describe('buildAuthorizationServerMetadata', () => {
  const metadata = AuthorizationServerMetadataSchema.parse(buildAuthorizationServerMetadata(urls));

  it('should carry the members RFC 8414 §2 requires, with the origin as issuer', () => {
    expect(metadata.issuer).toBe(origin);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.authorization_endpoint).toBe(`${origin}/oauth/authorize`);
    expect(metadata.token_endpoint).toBe(`${origin}/oauth/token`);
    expect(metadata.jwks_uri).toBe(`${origin}/oauth/jwks`);
    expect(metadata.registration_endpoint).toBe(`${origin}/oauth/register`);
    expect(metadata.grant_types_supported).toContain('client_credentials');
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
  });

  it('should publish the agent_auth block exactly as docs/spec.md §5.6 shapes it', () => {
    expect(metadata.agent_auth).toEqual({
      skill: `${origin}/auth.md`,
      register_uri: `${origin}/oauth/register`,
      claim_uri: `${origin}/oauth/claim`,
      identity_types_supported: ['anonymous'],
      credential_types_supported: ['bearer'],
      anonymous: { credential_types_supported: ['bearer'], claim_uri: `${origin}/oauth/claim` },
      registration_methods: [
        {
          type: 'anonymous',
          method: 'POST',
          endpoint: `${origin}/oauth/register`,
          grant_type: 'client_credentials',
          token_endpoint_auth_method: 'none',
          description: expect.any(String) as string,
        },
      ],
    });
    expect(buildAgentAuth(urls)).toEqual(metadata.agent_auth);
  });
});

describe('buildApiCatalog', () => {
  const catalog = ApiCatalogLinksetSchema.parse(buildApiCatalog(urls));

  it('should anchor an entry at the REST base, the MCP endpoint and the A2A endpoint (RFC 9727 §4)', () => {
    expect(catalog.linkset.map((entry) => entry.anchor)).toEqual([
      `${origin}/api/v1`,
      `${origin}/mcp`,
      `${origin}/a2a`,
    ]);
  });

  it('should point service-desc at the OpenAPI document (the A2A agent card for A2A) and list every target again under service with its rel', () => {
    for (const entry of catalog.linkset) {
      expect(entry['service-desc']?.[0]?.href).toBe(
        entry.anchor === `${origin}/a2a`
          ? `${origin}/.well-known/agent-card.json`
          : `${origin}/openapi.json`,
      );
      const rels = (entry.service ?? []).map((target) => target.rel);
      expect(rels).toEqual(['service-desc', 'service-doc', 'service-meta']);
      for (const target of entry.service ?? []) {
        expect(entry[target.rel as 'service-desc']?.[0]?.href).toBe(target.href);
      }
    }
  });
});

describe('buildClaimMetadata', () => {
  it('should say no claim is required and hold no personal data', () => {
    const claim = ClaimMetadataSchema.parse(buildClaimMetadata(urls));
    expect(claim.claim_required).toBe(false);
    expect(claim.personal_data_collected).toBe(false);
    expect(JSON.stringify(claim)).not.toMatch(/@|email"|phone|name"/i);
  });
});
