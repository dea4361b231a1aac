import { describe, expect, it } from 'vitest';
import { endForOwnerMistake, withoutStackForOwner } from '../../src/server/owner-errors.ts';
import { MissingSigningKeysError, OAuthKeyError } from '../../src/oauth/keys.ts';
import { LimitConfigError } from '../../src/service/limits.ts';
import { RateLimitConfigError } from '../../src/service/rate-limit-policy.ts';
import { SiteUrlError } from '../../src/service/site-url.ts';
import { RedisUrlConfigError } from '../../src/shared-state/process-store.ts';
import { ContentError } from '../../src/site-content/read-site-content.ts';

describe('withoutStackForOwner', () => {
  it.each([
    new ContentError([
      { file: 'content/company.yaml', field: 'name', message: 'must not be empty' },
    ]),
    new OAuthKeyError('OAUTH_SIGNING_KEYS is not JSON'),
    new MissingSigningKeysError('OAUTH_SIGNING_KEYS is not set'),
    new RateLimitConfigError('RATE_LIMIT_MAX must be a whole number'),
    new LimitConfigError('MAX_CONNECTIONS must be a whole number'),
    new RedisUrlConfigError('REDIS_URL must be a redis:// URL'),
    new SiteUrlError('SITE_URL must be an absolute URL'),
  ])('should report an owner mistake by its message alone: $name', (error) => {
    const message = error.message;
    expect(withoutStackForOwner(error)).toBe(error);
    expect(error.stack).toBe('');
    expect(error.message).toBe(message);
  });

  it('should leave the stack of any other error, a bug', () => {
    const error = new TypeError('x is undefined');
    const stack = error.stack;
    expect(withoutStackForOwner(error)).toBe(error);
    expect(error.stack).toBe(stack);
    expect(stack).toMatch(/^\s+at /m);
  });
});

describe('endForOwnerMistake', () => {
  // Its exit, the message alone, is what a failing build shows (content-validation.test.ts).
  const logger = { error: () => expect.unreachable('logged, not thrown') };

  it('should throw any other error, a bug, with its stack', async () => {
    const error = new TypeError('x is undefined');
    await expect(endForOwnerMistake(error, logger, false)).rejects.toBe(error);
    expect(error.stack).toMatch(/^\s+at /m);
  });

  it("should throw an owner's mistake found when a dev server restarts, which keeps serving", async () => {
    const error = new SiteUrlError('SITE_URL must be an absolute URL');
    await expect(endForOwnerMistake(error, logger, true)).rejects.toBe(error);
    expect(error.stack).toBe('');
  });
});
