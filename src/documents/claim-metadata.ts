import type { ClaimMetadata } from '../schemas/claim-metadata.ts';
import type { ServiceUrls } from '../service/urls.ts';

/** Builds the anonymous claim metadata at /oauth/claim: no claim is ever required (docs/spec.md §4, §5.7b). */
export function buildClaimMetadata(urls: ServiceUrls): ClaimMetadata {
  return {
    claim_required: false,
    identity_type: 'anonymous',
    personal_data_collected: false,
    register_uri: urls.oauthRegister,
    token_endpoint: urls.oauthToken,
    credential_types_supported: ['bearer'],
    description:
      'Access is anonymous. There is nothing to claim: no account, e-mail, login or verification exists. Register with a free label, request a client_credentials token if you want to label your traffic, or call every endpoint without a token.',
  };
}
