/**
 * Whether a request's agent proved who it is: Web Bot Auth, an HTTP Message Signature (RFC 9421)
 * made with a key the agent publishes in its signature directory, named by `Signature-Agent`.
 * Verified with Cloudflare's `web-bot-auth`; the directory is fetched through the same guarded
 * https client as OAuth client metadata (public addresses only, no redirects, a byte cap and a
 * deadline) and cached per process, bounded in count and time, failures included.
 * @see RFC 9421 §3.2
 * @see draft-meunier-web-bot-auth-architecture
 * @see draft-meunier-http-message-signatures-directory §4
 */
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, helpers, jwkToKeyID, verify } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import {
  fetchClientMetadataDocument,
  type ClientMetadataFetchPolicy,
} from '../oauth/client-metadata-fetch.ts';

/** `verified`: a valid signature; `claimed`: none (the User-Agent alone); `failed`: a bad one. */
export type SignatureStatus = 'verified' | 'claimed' | 'failed';

/** What the signature check found, and the directory's host for a verified one. */
export interface SignatureCheck {
  readonly status: SignatureStatus;
  /** The host of the signature directory whose key verified the request. */
  readonly signer?: string;
  /** Why a signature failed, for tests and logs; never sent to a client. */
  readonly reason?: string;
}

/** The bounds of the check: header sizes, the directory's fetch, and its cache. */
export const SIGNATURE_LIMITS = {
  /** Bytes of each of Signature, Signature-Input and Signature-Agent. */
  maxHeaderBytes: 4096,
  /** Bytes of a directory, and the time to fetch it. */
  maxDirectoryBytes: 64 * 1024,
  directoryTimeoutMs: 2000,
  /** Keys read from one directory. */
  maxKeys: 16,
  /** Directories remembered, and for how long (a failed fetch for a shorter time). */
  maxDirectories: 256,
  directoryTtlMs: 60 * 60 * 1000,
  failedDirectoryTtlMs: 5 * 60 * 1000,
  /**
   * Directory fetches in flight at once: past it a new directory fails at once (and is retried
   * after `failedDirectoryTtlMs`), so a flood of made-up Signature-Agent values cannot turn the
   * site into a source of outbound requests.
   */
  maxFetchesInFlight: 8,
} as const;

/** The request fields the check reads. */
export interface SignedRequest {
  readonly method: string;
  readonly url: URL;
  header(name: string): string | undefined;
}

interface DirectoryEntry {
  readonly keys: ReadonlyMap<string, JsonWebKey> | { readonly failure: string };
  readonly expiresAt: number;
}

/** How the directory is fetched; tests pass a policy for their https server on 127.0.0.1. */
export interface SignatureCheckOptions {
  readonly fetchPolicy?: ClientMetadataFetchPolicy;
  readonly now?: () => number;
}

/** Checks Web Bot Auth signatures, remembering signature directories within bounds. */
export class SignatureChecker {
  readonly #directories = new Map<string, Promise<DirectoryEntry>>();
  #fetchesInFlight = 0;
  readonly #policy: ClientMetadataFetchPolicy;
  readonly #now: () => number;

  constructor(options: SignatureCheckOptions = {}) {
    this.#policy = options.fetchPolicy ?? {
      maxBytes: SIGNATURE_LIMITS.maxDirectoryBytes,
      timeoutMs: SIGNATURE_LIMITS.directoryTimeoutMs,
    };
    this.#now = options.now ?? Date.now;
  }

  /** How many directories are remembered. */
  get cachedDirectories(): number {
    return this.#directories.size;
  }

  /**
   * The signature status of a request. Never throws: a malformed, oversized, expired or forged
   * signature, and a directory that cannot be had, are each `failed` with a reason.
   */
  async check(request: SignedRequest): Promise<SignatureCheck> {
    const signature = request.header('signature');
    const input = request.header('signature-input');
    if (!signature && !input) return { status: 'claimed' };
    const agent = request.header('signature-agent');
    for (const value of [signature, input, agent]) {
      if (value && value.length > SIGNATURE_LIMITS.maxHeaderBytes) {
        return { status: 'failed', reason: 'a signature header is too large' };
      }
    }
    const directoryUrl = readDirectoryUrl(agent);
    if (!directoryUrl) {
      return { status: 'failed', reason: 'no https Signature-Agent names a directory' };
    }
    const directory = await this.#readDirectory(directoryUrl);
    if ('failure' in directory.keys) return { status: 'failed', reason: directory.keys.failure };
    const keys = directory.keys;
    try {
      await verify(
        { method: request.method, url: request.url.href, headers: readHeaders(request) },
        async (data, bytes, params) => {
          const key = keys.get(params.keyid);
          if (!key) throw new Error('the keyid is not in the directory');
          await (
            await verifierFromJWK(key)
          )(data, bytes, params);
        },
      );
      return { status: 'verified', signer: directoryUrl.host };
    } catch (error) {
      return { status: 'failed', reason: (error as Error).message.slice(0, 200) };
    }
  }

  /** The directory's keys by thumbprint, fetched once per lifetime, concurrent asks sharing it. */
  #readDirectory(url: URL): Promise<DirectoryEntry> {
    const now = this.#now();
    const key = url.href;
    const cached = this.#directories.get(key);
    if (cached) return cached;
    for (const old of this.#directories.keys()) {
      if (this.#directories.size < SIGNATURE_LIMITS.maxDirectories) break;
      this.#directories.delete(old);
    }
    const entry = this.#fetchDirectory(url, now);
    this.#directories.set(key, entry);
    void entry.then(({ expiresAt }) => {
      const forget = setTimeout(() => {
        if (this.#directories.get(key) === entry) this.#directories.delete(key);
      }, expiresAt - now);
      forget.unref();
    });
    return entry;
  }

  async #fetchDirectory(url: URL, now: number): Promise<DirectoryEntry> {
    const failed = (failure: string): DirectoryEntry => ({
      keys: { failure: `the signature directory: ${failure}` },
      expiresAt: now + SIGNATURE_LIMITS.failedDirectoryTtlMs,
    });
    if (this.#fetchesInFlight >= SIGNATURE_LIMITS.maxFetchesInFlight) {
      return failed('too many directories are being fetched');
    }
    this.#fetchesInFlight += 1;
    const fetched = await fetchClientMetadataDocument(url, this.#policy).finally(() => {
      this.#fetchesInFlight -= 1;
    });
    if (!fetched.ok) return failed(fetched.reason);
    let document: unknown;
    try {
      document = JSON.parse(fetched.text);
    } catch {
      return failed('it is not JSON');
    }
    const listed = (document as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(listed)) return failed('it has no keys array');
    const keys = new Map<string, JsonWebKey>();
    for (const jwk of listed.slice(0, SIGNATURE_LIMITS.maxKeys)) {
      if (typeof jwk !== 'object' || jwk === null) continue;
      try {
        const id = await jwkToKeyID(
          jwk as JsonWebKey,
          helpers.WEBCRYPTO_SHA256,
          helpers.BASE64URL_DECODE,
        );
        keys.set(id, jwk as JsonWebKey);
      } catch {
        // A key that has no thumbprint cannot sign; the others still count.
      }
    }
    return { keys, expiresAt: now + SIGNATURE_LIMITS.directoryTtlMs };
  }
}

/**
 * The directory a `Signature-Agent` names: the first https URL it quotes (a structured string,
 * or a dictionary member of the newer drafts); an origin alone means its well-known directory.
 * @see draft-meunier-http-message-signatures-directory §4.1
 */
export function readDirectoryUrl(agent: string | undefined): URL | undefined {
  const quoted = agent ? /"(https:\/\/[^"\s]+)"/.exec(agent)?.[1] : undefined;
  if (!quoted) return undefined;
  try {
    const url = new URL(quoted);
    if (url.pathname === '/' && !url.search) url.pathname = HTTP_MESSAGE_SIGNATURES_DIRECTORY;
    url.hash = '';
    return url;
  } catch {
    return undefined;
  }
}

/** The headers a signature can cover, as the verifier reads them. */
function readHeaders(request: SignedRequest): { get(name: string): string | null; set(): void } {
  return { get: (name) => request.header(name.toLowerCase()) ?? null, set: () => undefined };
}
