import { OAuthKeyError } from '../oauth/keys.ts';
import { LimitConfigError } from '../service/limits.ts';
import { RateLimitConfigError } from '../service/rate-limit-policy.ts';
import { SiteUrlError } from '../service/site-url.ts';
import { RedisUrlConfigError } from '../shared-state/process-store.ts';
import { ContentError } from '../site-content/read-site-content.ts';
import { DevServerAddressError } from './dev-server-address.ts';

/** The errors a site owner's files or variables cause, each naming the file and field or the variable. */
const OWNER_ERRORS = [
  ContentError,
  DevServerAddressError,
  LimitConfigError,
  OAuthKeyError,
  RateLimitConfigError,
  RedisUrlConfigError,
  SiteUrlError,
];

/** True for an owner's mistake (a file of content/ or a variable), false for anything else: a bug. */
export function isOwnerMistake(error: unknown): error is Error {
  return OWNER_ERRORS.some((type) => error instanceof type);
}

/**
 * An owner's mistake as the build reports it: by its message alone, as a stack would only point
 * into this project's code (Astro prints the stack of an error a hook throws, when it has one).
 * Any other error is a bug and keeps its stack.
 */
export function withoutStackForOwner(error: unknown): unknown {
  if (isOwnerMistake(error)) error.stack = '';
  return error;
}
