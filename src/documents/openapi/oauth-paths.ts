import { SERVICE_PATHS, type ServiceUrls } from '../../service/urls.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { buildClaimMetadata } from '../claim-metadata.ts';
import { referSchema, type JsonObject } from './component-schemas.ts';
import { OAUTH_ERROR_RESPONSES, referEndpointResponse } from './error-responses.ts';
import {
  buildOperation,
  describeJsonContent,
  listOriginServers,
  readContentKey,
} from './operation.ts';

/** The query parameters of the authorization endpoint: name, required, description. */
const AUTHORIZE_PARAMETERS: readonly (readonly [string, boolean, string])[] = [
  ['response_type', true, 'Always code'],
  [
    'client_id',
    true,
    'The client_id returned by registration, or an https URL naming a client ID metadata document',
  ],
  [
    'redirect_uri',
    false,
    'One of the registered redirect URIs; required unless the client registered exactly one',
  ],
  ['code_challenge', true, 'PKCE code challenge (RFC 7636)'],
  ['code_challenge_method', true, 'Always S256'],
  ['state', false, 'Returned unchanged'],
  ['scope', false, 'Space-separated scopes: mcp:read, mcp:tools'],
  ['resource', false, 'RFC 8707 resource indicator'],
  ['approval', false, 'Set by the confirmation page link only; clients never send it'],
];

/**
 * The optional anonymous OAuth endpoints at the origin (docs/spec.md §4): authorize, token, JWKS,
 * registration and claim metadata.
 * @see RFC 6749 §3
 */
export function buildOAuthPaths(urls: ServiceUrls): JsonObject {
  const servers = listOriginServers(urls);
  return {
    [SERVICE_PATHS.oauthAuthorize]: {
      servers,
      get: buildOperation({
        operationId: 'authorize',
        usesSigningKeys: true,
        summary: 'Authorization endpoint',
        description:
          'Authorization code with PKCE (S256) for a registered redirect URI, anonymous: no login. A loopback or private-use redirect URI (RFC 8252) gets the code at once; any other redirect URI gets a page naming its host, and the code only after the user follows its link (RFC 9700 §4.11.2). Errors for such URIs are shown, never redirected.',
        tag: 'OAuth',
        parameters: AUTHORIZE_PARAMETERS.map(([name, required, description]) => ({
          name,
          in: 'query',
          required,
          description,
          schema: { type: 'string' },
        })),
        responses: {
          '200': {
            description:
              'For a redirect URI that is not loopback or a private-use scheme: a page naming its host, whose one link confirms (no script, its own Content-Security-Policy).',
            content: {
              [readContentKey(SERVICE_PATHS.oauthAuthorize)]: { schema: { type: 'string' } },
            },
          },
          '302': {
            description:
              'Redirects to the redirect URI with code, state and iss (RFC 9207); for a loopback or private-use redirect URI, also with an error.',
            headers: {
              Location: {
                description: 'The redirect URI with its parameters.',
                schema: { type: 'string' },
              },
            },
          },
        },
        errorResponses: {
          '400': {
            description:
              "A request that cannot go back to its client (no valid client or redirect URI, or an error for a redirect URI that is not loopback or a private-use scheme): a Problem, or, to a browser navigation (Sec-Fetch-Dest: document, or an Accept naming HTML and not JSON), a page saying it in words, under the consent page's Content-Security-Policy.",
            content: {
              [MEDIA_TYPES.problem]: { schema: referSchema('Problem') },
              [MEDIA_TYPES.html]: { schema: { type: 'string' } },
            },
          },
        },
      }),
    },
    [SERVICE_PATHS.oauthToken]: {
      servers,
      post: buildOperation({
        operationId: 'requestToken',
        usesSigningKeys: true,
        summary: 'Token endpoint',
        description:
          'Issues a short-lived JWT access token for grant_type=client_credentials with the registered client_id (client authentication none), or for an authorization code with PKCE.',
        tag: 'OAuth',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: referSchema('TokenRequest'),
              example: { grant_type: 'client_credentials', client_id: '<CLIENT_ID>' },
            },
          },
        },
        responses: {
          '200': {
            description: 'The token (never cached).',
            content: describeJsonContent(
              'TokenResponse',
              undefined,
              readContentKey(SERVICE_PATHS.oauthToken),
            ),
          },
        },
        errorResponses: {
          ...OAUTH_ERROR_RESPONSES,
          '413': referEndpointResponse('payload_too_large'),
        },
      }),
    },
    [SERVICE_PATHS.oauthJwks]: {
      servers,
      get: buildOperation({
        operationId: 'getJwks',
        usesSigningKeys: true,
        summary: 'Get the JSON Web Key Set',
        description:
          'Public keys (EC P-256, ES256) that verify the access tokens: the current key and the previous one during a rotation. Cached for five minutes.',
        tag: 'OAuth',
        responses: {
          '200': {
            description: 'The key set.',
            content: describeJsonContent(
              'JsonWebKeySet',
              undefined,
              readContentKey(SERVICE_PATHS.oauthJwks),
            ),
          },
        },
      }),
    },
    [SERVICE_PATHS.oauthRegister]: {
      servers,
      post: buildOperation({
        operationId: 'registerClient',
        usesSigningKeys: true,
        summary: 'Dynamic client registration',
        description: 'Anonymous RFC 7591 registration with a free label.',
        tag: 'OAuth',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: referSchema('ClientRegistrationRequest'),
              example: {
                client_name: '<CLIENT_NAME>',
                grant_types: ['client_credentials'],
                token_endpoint_auth_method: 'none',
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'The registered client.',
            content: describeJsonContent(
              'ClientRegistrationResponse',
              undefined,
              readContentKey(SERVICE_PATHS.oauthRegister),
            ),
          },
        },
        errorResponses: {
          '400': OAUTH_ERROR_RESPONSES['400'],
          '413': referEndpointResponse('payload_too_large'),
        },
      }),
    },
    [SERVICE_PATHS.oauthClaim]: {
      servers,
      get: buildOperation({
        operationId: 'getClaimMetadata',
        summary: 'Get anonymous claim metadata',
        description: 'Contains no personal data; claim_required is false.',
        tag: 'OAuth',
        responses: {
          '200': {
            description: 'The claim metadata.',
            content: describeJsonContent(
              'ClaimMetadata',
              buildClaimMetadata(urls),
              readContentKey(SERVICE_PATHS.oauthClaim),
            ),
          },
        },
      }),
    },
  };
}
