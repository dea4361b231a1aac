import { generateKeyPairSync } from 'node:crypto';
import { helpers, jwkToKeyID, signatureHeaders } from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';
import type { DocumentServer } from './https-document-server.ts';

/** An agent that signs its requests per Web Bot Auth, its key directory served by a test server. */
export interface SigningAgent {
  /** The Signature-Agent value naming the directory (the server's origin, quoted). */
  readonly signatureAgent: string;
  /** The headers that sign a request to `url` (Signature, Signature-Input, Signature-Agent). */
  sign(url: string, options?: { readonly signedMsAgo?: number }): Promise<Record<string, string>>;
}

/** A fresh Ed25519 key pair as JWKs. */
function makeKeyPair(): { privateJwk: JsonWebKey; publicJwk: JsonWebKey } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateJwk: privateKey.export({ format: 'jwk' }) as JsonWebKey,
    publicJwk: publicKey.export({ format: 'jwk' }) as JsonWebKey,
  };
}

/**
 * Makes a signing agent whose directory the document server answers at the well-known path,
 * with the directory's media type (draft-meunier-http-message-signatures-directory §4).
 */
export async function startSigningAgent(server: DocumentServer): Promise<SigningAgent> {
  const { privateJwk, publicJwk } = makeKeyPair();
  const kid = await jwkToKeyID(publicJwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
  server.serveJson(
    '/.well-known/http-message-signatures-directory',
    { keys: [{ ...publicJwk, kid }] },
    { 'Content-Type': 'application/http-message-signatures-directory+json' },
  );
  const signer = await signerFromJWK({ ...privateJwk, kid } as JsonWebKey);
  const signatureAgent = `"${server.origin}"`;
  return {
    signatureAgent,
    async sign(url, options = {}) {
      const created = new Date(Date.now() - (options.signedMsAgo ?? 0));
      const expires = new Date(created.getTime() + 60_000);
      const headers = await signatureHeaders(
        { method: 'GET', url, headers: { 'signature-agent': signatureAgent } },
        signer,
        { created, expires },
      );
      return {
        Signature: headers.Signature,
        'Signature-Input': headers['Signature-Input'],
        'Signature-Agent': signatureAgent,
      };
    },
  };
}
