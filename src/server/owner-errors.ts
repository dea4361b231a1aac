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

/**
 * Ends the command on an owner's mistake found as it starts (an Astro hook's first run), said by
 * its message alone through the hook's logger: thrown, Astro would put "An unhandled error
 * occurred while running the hook" above it, which reads as a fault of the project rather than a
 * field to fix. The process exits once the message is written (a pipe may take it later than the
 * call). Anything else, and a mistake found when a dev server restarts (which keeps serving and
 * shows it), is thrown as withoutStackForOwner leaves it.
 */
export async function endForOwnerMistake(
  error: unknown,
  logger: { error(message: string): void },
  isRestart: boolean,
): Promise<never> {
  if (!isOwnerMistake(error) || isRestart) throw withoutStackForOwner(error);
  logger.error(error.message);
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(1);
}
