import { hkdfSync, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { memoizeUntilFailure } from '../http/memoize.ts';

/** The environment variable holding the signing keys, and the local file used without it. */
export const SIGNING_KEYS_VARIABLE = 'OAUTH_SIGNING_KEYS';
const KEYS_FILE_VARIABLE = 'OAUTH_KEYS_FILE';
const DEFAULT_KEYS_FILE = '.local/oauth-signing-keys.json';

/** The access tokens' signature algorithm (ECDSA P-256, RFC 7518 §3.4). */
export const SIGNING_ALGORITHM = 'ES256';

/** What a derived MAC key protects; each purpose has its own key, so one cannot pass for another. */
export type MacPurpose = 'client-id' | 'authorization-code' | 'authorization-approval';

/** A symmetric key derived from one signing key, named by that key's kid. */
export interface MacKey {
  readonly kid: string;
  readonly key: Uint8Array;
}

/** The loaded key set: the newest key signs; every key verifies and is published. */
export interface OAuthKeys {
  readonly signing: { readonly kid: string; readonly key: CryptoKey };
  /** The JWKS document: public members only. */
  readonly jwks: JSONWebKeySet;
  /**
   * The newest MAC key of a purpose for one issuer (for issuing) and every such key by kid (for
   * checking). Deployments that share the signing keys (previews and production) derive
   * different MAC keys, so one's client ids and codes fail the other's MAC.
   */
  mac(
    purpose: MacPurpose,
    issuer: string,
  ): {
    readonly current: MacKey;
    readonly byKid: ReadonlyMap<string, MacKey>;
  };
}

/** Refused or missing key configuration; the message says what to fix and never echoes a key. */
export class OAuthKeyError extends Error {
  override readonly name: string = 'OAuthKeyError';
}

/**
 * OAUTH_SIGNING_KEYS is unset where it is required (on Vercel). Recognised by its `name`, since
 * each function bundle holds its own copy of this class.
 */
export class MissingSigningKeysError extends OAuthKeyError {
  override readonly name = 'MissingSigningKeysError';
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth']);

/**
 * What to do when a key set was saved with npm's lines about the command before it
 * (`> agent-facts@0.1.0 oauth:keys`), as `npm run oauth:keys > keys.json` saves it; else nothing.
 */
function readNpmHeaderHint(text: string): string {
  if (!/^\s*> \S+ oauth:keys\b/.test(text)) return '';
  return " It begins with npm's lines about the command (> … oauth:keys): save the key set with npm run --silent oauth:keys, which prints the JSON alone.";
}

/**
 * Reads and checks a key set: a JSON array of private EC P-256 JWKs, each with a unique `kid`,
 * newest first. Throws OAuthKeyError naming the entry and the problem.
 */
export function parseSigningKeys(text: string, source: string): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthKeyError(
      `${source} is not JSON; it must be a JSON array of private JWKs.${readNpmHeaderHint(text)}`,
    );
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new OAuthKeyError(`${source} must be a non-empty JSON array of private JWKs.`);
  }
  const kids = new Set<string>();
  return parsed.map((entry: unknown, index) => {
    const where = `${source}[${index}]`;
    if (typeof entry !== 'object' || entry === null) {
      throw new OAuthKeyError(`${where} is not a JWK object.`);
    }
    const jwk = entry as JWK;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') {
      throw new OAuthKeyError(`${where} must be an EC key on curve P-256 (kty "EC", crv "P-256").`);
    }
    if (typeof jwk.d !== 'string' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
      throw new OAuthKeyError(`${where} must be a private key (members x, y and d).`);
    }
    if (typeof jwk.kid !== 'string' || !/^[\w.-]{1,64}$/.test(jwk.kid)) {
      throw new OAuthKeyError(`${where} needs a kid of 1 to 64 letters, digits, ".", "_" or "-".`);
    }
    if (kids.has(jwk.kid)) throw new OAuthKeyError(`${where} repeats kid "${jwk.kid}".`);
    kids.add(jwk.kid);
    return jwk;
  });
}

/** A new private signing key as a JWK, named by `kid`. */
export async function generateSigningKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
}

/** A kid for a key made now: its creation date and a random suffix. */
export function newKeyId(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
}

/**
 * The file local runs keep their keys in: `OAUTH_KEYS_FILE`, else `.local/oauth-signing-keys.json`,
 * from the working folder. Set but empty counts as unset: an empty path would name the folder.
 */
export function resolveKeysFile(env: NodeJS.ProcessEnv): string {
  return resolve(env[KEYS_FILE_VARIABLE] || DEFAULT_KEYS_FILE);
}

/**
 * Where the key set comes from:
 * - `OAUTH_SIGNING_KEYS` when set (production; required on Vercel, where every instance must
 *   publish the same JWKS);
 * - otherwise, off Vercel, a local file (`OAUTH_KEYS_FILE`, default
 *   `.local/oauth-signing-keys.json` under the working folder), created with one new key on first
 *   use, so local runs keep their keys across restarts.
 */
export async function readSigningKeys(env: NodeJS.ProcessEnv = process.env): Promise<JWK[]> {
  const configured = env[SIGNING_KEYS_VARIABLE];
  if (configured !== undefined && configured.trim() !== '') {
    return parseSigningKeys(configured, SIGNING_KEYS_VARIABLE);
  }
  if (env.VERCEL) {
    throw new MissingSigningKeysError(
      `${SIGNING_KEYS_VARIABLE} is not set. On Vercel every instance must sign with the same keys; generate a key set with "npm run --silent oauth:keys" and add it as the ${SIGNING_KEYS_VARIABLE} environment variable (see docs/oauth.md).`,
    );
  }
  const file = resolveKeysFile(env);
  try {
    return parseSigningKeys(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const created = JSON.stringify([await generateSigningKey(newKeyId())], null, 2);
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${created}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSigningKeys(readFileSync(file, 'utf8'), file);
}

/** Builds the usable key set from checked JWKs (newest first). */
export async function buildOAuthKeys(jwks: readonly JWK[]): Promise<OAuthKeys> {
  const [newest] = jwks;
  if (!newest?.kid) throw new OAuthKeyError('The key set is empty.');
  const signingKey = (await importJWK(
    { ...newest, alg: SIGNING_ALGORITHM },
    SIGNING_ALGORITHM,
  )) as CryptoKey;
  const publicKeys: JWK[] = jwks.map((jwk) => {
    const publicJwk = Object.fromEntries(
      Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.has(member)),
    ) as JWK;
    return { ...publicJwk, use: 'sig', alg: SIGNING_ALGORITHM };
  });
  const macKeys = new Map<string, { current: MacKey; byKid: Map<string, MacKey> }>();
  const deriveMacKeys = (purpose: MacPurpose, issuer: string) => {
    const byKid = new Map<string, MacKey>();
    for (const jwk of jwks) {
      const kid = jwk.kid ?? '';
      const secret = Buffer.from(jwk.d ?? '', 'base64url');
      // The issuer is part of the HKDF info: one key set, a separate MAC key per origin.
      const info = `${purpose} ${issuer}`;
      const key = new Uint8Array(hkdfSync('sha256', secret, 'agent-facts oauth', info, 32));
      byKid.set(kid, { kid, key });
    }
    const current = byKid.get(newest.kid ?? '');
    if (!current) throw new OAuthKeyError('The newest key has no MAC key.');
    return { current, byKid };
  };
  return {
    signing: { kid: newest.kid, key: signingKey },
    jwks: { keys: publicKeys },
    mac: (purpose, issuer) => {
      const name = `${purpose} ${issuer}`;
      let keys = macKeys.get(name);
      if (!keys) {
        keys = deriveMacKeys(purpose, issuer);
        macKeys.set(name, keys);
      }
      return keys;
    },
  };
}

/** The process's key set, loaded once; a failed load is retried on the next call. */
export const loadOAuthKeys: () => Promise<OAuthKeys> = memoizeUntilFailure(async () =>
  buildOAuthKeys(await readSigningKeys()),
);

/**
 * Verifies a compact JWS MACed (HS256) with the key of `purpose` and `issuer` that its `kid`
 * names, and returns its payload; undefined for an unknown kid, a bad MAC, another algorithm,
 * a passed `exp` or anything that is no JWS. @see RFC 7515 §5.2
 */
export async function verifyMacToken(
  token: string,
  keys: OAuthKeys,
  purpose: MacPurpose,
  issuer: string,
  currentDate?: Date,
): Promise<JWTPayload | undefined> {
  const { byKid } = keys.mac(purpose, issuer);
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid === undefined ? undefined : byKid.get(header.kid);
        if (!key) throw new Error('unknown kid');
        return key.key;
      },
      { algorithms: ['HS256'], ...(currentDate ? { currentDate } : {}) },
    );
    return payload;
  } catch {
    // jose answers every failed verification with an exception; here it is an expected answer.
    return undefined;
  }
}
