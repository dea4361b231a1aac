import { describe, expect, it } from 'vitest';
import { readServeSettings, ServeSettingsError } from '../../src/server/serve-settings.ts';

describe('readServeSettings', () => {
  it('should default to 127.0.0.1:4321, publishing that origin, with the default limits', () => {
    const settings = readServeSettings({});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://127.0.0.1:4321',
      rateLimit: { limit: 300, windowSeconds: 60 },
      redisUrl: undefined,
    });
    expect(settings.limits.maxConnections).toBeGreaterThan(0);
  });

  it('should read every variable it names', () => {
    const settings = readServeSettings({
      HOST: '0.0.0.0',
      PORT: '8080',
      SITE_URL: 'https://www.example.com/',
      RATE_LIMIT_MAX: '0',
      MAX_CONNECTIONS: '10',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
    });
    expect(settings).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      siteUrl: 'https://www.example.com',
      rateLimit: undefined,
      limits: { maxConnections: 10 },
      redisUrl: 'redis://127.0.0.1:6379/0',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535, got "eighty"'],
    [{ SITE_URL: 'foo' }, 'SITE_URL must be an absolute URL'],
    [{ RATE_LIMIT_MAX: '-1' }, 'RATE_LIMIT_MAX must be a whole number'],
    [{ HEADERS_TIMEOUT_SECONDS: 'soon' }, 'HEADERS_TIMEOUT_SECONDS must be a whole number'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
  ])('should refuse %j with one error that names the variable', (env, message) => {
    let thrown: unknown;
    try {
      readServeSettings(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServeSettingsError);
    expect(thrown).toMatchObject({ code: 'invalid_serve_settings' });
    expect((thrown as Error).message).toContain(message);
  });
});
