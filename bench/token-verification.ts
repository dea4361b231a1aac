// Part of the OAuth section of npm run bench: what checking an access token costs, the full
// RFC 9068 check (jose) against the bare ES256 signature check of the same token (node:crypto).
import { createPublicKey, verify } from 'node:crypto';
import { buildOAuthKeys } from '../src/oauth/keys.ts';
import { issueAccessToken, verifyAccessToken } from '../src/oauth/tokens.ts';
import { buildServiceUrls } from '../src/service/urls.ts';
import { median } from './lib.ts';

/** Microseconds per check: the bare signature check and the full one, each a median of rounds. */
export interface TokenVerificationCost {
  readonly rawMicros: number;
  readonly fullMicros: number;
}

/**
 * Times `verifications` checks of one access token issued to `clientId` by the signing keys given
 * (OAUTH_SIGNING_KEYS' JSON) for `siteUrl`, five rounds of each.
 */
export async function measureTokenVerification(
  signingKeys: string,
  siteUrl: string,
  clientId: string,
  verifications: number,
): Promise<TokenVerificationCost> {
  const keys = await buildOAuthKeys(JSON.parse(signingKeys) as never);
  const urls = buildServiceUrls(siteUrl);
  const now = Math.floor(Date.now() / 1000);
  const token = await issueAccessToken(
    { clientId, scope: 'mcp:read', audience: [urls.mcp], now },
    keys,
    urls,
  );
  const [header, payload, signature] = token.split('.');
  const publicKey = createPublicKey({ key: keys.jwks.keys[0] as never, format: 'jwk' });
  const signed = Buffer.from(`${header}.${payload}`);
  const signatureBytes = Buffer.from(signature ?? '', 'base64url');
  const timeIt = async (run: () => unknown) => {
    const rounds: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const start = performance.now();
      for (let index = 0; index < verifications; index += 1) await run();
      rounds.push(((performance.now() - start) * 1000) / verifications);
    }
    return median(rounds);
  };
  const rawMicros = await timeIt(() =>
    verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signatureBytes),
  );
  const fullMicros = await timeIt(() => verifyAccessToken(token, keys, urls, [urls.mcp], now));
  return { rawMicros, fullMicros };
}
