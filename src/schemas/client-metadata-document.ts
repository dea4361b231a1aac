import * as z from 'zod/mini';
import { REGISTRATION_LIMITS } from './client-registration.ts';

/**
 * The members of a client ID metadata document the authorization server reads before the RFC 7591
 * registration checks: `client_id` (required; equals the document's URL), and the two members a
 * public client must not misuse. Every other member is RFC 7591 client metadata, checked as a
 * registration is (ClientRegistrationRequestSchema); unknown members are ignored.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §4
 */
export const ClientMetadataDocumentSchema = /* @__PURE__ */ z.looseObject({
  client_id: z.string().check(z.maxLength(REGISTRATION_LIMITS.redirectUriLength)),
  client_secret: z.optional(z.unknown()),
  token_endpoint_auth_method: z.optional(z.string()),
});
export type ClientMetadataDocument = z.infer<typeof ClientMetadataDocumentSchema>;
