import type { AuditHttp } from './audit-http.ts';
import type { DnsServer } from './dns-lookup.ts';

/** What checks learn along the discovery chain and hand to later checks. */
export interface AuditState {
  pages?: string[];
  authorizationServer?: {
    issuer: string;
    token_endpoint: string;
    jwks_uri: string;
    registration_endpoint: string;
  };
  mcpEndpoint?: string;
  serverInfo?: { name: string; version: string };
  toolNames?: string[];
  accessToken?: string;
}

export interface AuditContext {
  /** The origin under audit, e.g. https://example.vercel.app (no trailing slash). */
  readonly origin: string;
  readonly http: AuditHttp;
  readonly state: AuditState;
  /** Where the DNS checks look: the server to ask and the domain whose records to read. */
  readonly dns?: { readonly server?: DnsServer; readonly domain?: string };
}

/** Where a check records what it found. */
export interface CheckScope {
  /** Records a failure; the check fails if it records any. */
  fail(message: string): void;
  /** Records a passing observation for the report. */
  note(message: string): void;
  /** Fails unless the condition holds; returns the condition. */
  expect(condition: boolean, message: string): boolean;
}

/** One audit check: what it proves, where the requirement comes from, and how to fix a failure. */
export interface AuditCheck {
  readonly id: string;
  readonly title: string;
  /** The specifications and scanner checks this check stands for. */
  readonly sources: readonly string[];
  readonly fix: string;
  run(context: AuditContext, scope: CheckScope): Promise<void>;
}

/** The outcome of one check. */
export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly sources: readonly string[];
  readonly status: 'pass' | 'fail';
  readonly failures: readonly string[];
  readonly notes: readonly string[];
  readonly fix?: string;
}
