import { OAuthKeyError } from '../oauth/keys.ts';
import { RateLimitConfigError } from '../service/rate-limit-policy.ts';
import { SiteUrlError } from '../service/site-url.ts';
import { RedisUrlConfigError } from '../shared-state/process-store.ts';
import { ContentError } from '../site-content/read-site-content.ts';

/** The errors a site owner's files or variables cause, each naming the file and field or the variable. */
const OWNER_ERRORS = [
  ContentError,
  OAuthKeyError,
  RateLimitConfigError,
  RedisUrlConfigError,
  SiteUrlError,
];

/**
 * An owner's mistake as the build reports it: by its message alone, as a stack would only point
 * into this project's code (Astro prints the stack of an error a hook throws, when it has one).
 * Any other error is a bug and keeps its stack.
 */
export function withoutStackForOwner(error: unknown): unknown {
  if (OWNER_ERRORS.some((type) => error instanceof type)) (error as Error).stack = '';
  return error;
}
