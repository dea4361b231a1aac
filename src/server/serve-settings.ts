import { readServerLimits, type ServerLimits } from '../service/limits.ts';
import { readRateLimitPolicy, type RateLimitPolicy } from '../service/rate-limit-policy.ts';
import { readListenAddress, resolveSiteUrl } from '../service/site-url.ts';
import { readRedisUrl } from '../shared-state/process-store.ts';
import { isOwnerMistake } from './owner-errors.ts';

/** What the local server reads from its environment before it serves. */
export interface ServeSettings {
  readonly host: string;
  readonly port: number;
  /** The origin the server publishes, which the build must publish too. */
  readonly siteUrl: string;
  /** Undefined when RATE_LIMIT_MAX is 0. */
  readonly rateLimit: RateLimitPolicy | undefined;
  readonly limits: ServerLimits;
  /** Undefined when REDIS_URL is unset: shared state stays in the process. */
  readonly redisUrl: string | undefined;
}

/** A variable the local server cannot use; the message names it and says why. */
export class ServeSettingsError extends Error {
  readonly code = 'invalid_serve_settings';
  override readonly name = 'ServeSettingsError';
}

/**
 * The local server's settings: HOST and PORT, the published origin (SITE_URL), the functions'
 * rate limit, the server's limits and REDIS_URL. `npm start` reads them before it builds
 * (src/server/check-start.ts), so a wrong variable is named before the build, not after it.
 * @throws ServeSettingsError naming the first variable that is wrong.
 */
export function readServeSettings(env: NodeJS.ProcessEnv): ServeSettings {
  try {
    return {
      ...readListenAddress(env),
      siteUrl: resolveSiteUrl(env),
      rateLimit: readRateLimitPolicy(env),
      limits: readServerLimits(env),
      redisUrl: readRedisUrl(env),
    };
  } catch (error) {
    if (isOwnerMistake(error)) throw new ServeSettingsError(error.message, { cause: error });
    throw error;
  }
}

/**
 * The settings for a command that cannot go on without them (`npm start`'s check, the local
 * server): a wrong variable prints its message, in one line, and ends the process with exit 1.
 */
export function readServeSettingsOrExit(env: NodeJS.ProcessEnv): ServeSettings {
  try {
    return readServeSettings(env);
  } catch (error) {
    if (!(error instanceof ServeSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
