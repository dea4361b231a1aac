import { describe, expect, it } from 'vitest';
import {
  formatHostForUrl,
  readListenAddress,
  resolveSiteUrl,
  SiteUrlError,
} from '../../src/service/site-url.ts';

describe('resolveSiteUrl', () => {
  it('should default to the local server address on 127.0.0.1:4321', () => {
    expect(resolveSiteUrl({})).toBe('http://127.0.0.1:4321');
  });

  it('should follow HOST and PORT when SITE_URL is unset', () => {
    expect(resolveSiteUrl({ HOST: 'localhost', PORT: '8080' })).toBe('http://localhost:8080');
    expect(resolveSiteUrl({ HOST: '::1', PORT: '8080' })).toBe('http://[::1]:8080');
  });

  it('should publish localhost for a server listening on every interface', () => {
    expect(resolveSiteUrl({ HOST: '0.0.0.0', PORT: '3000' })).toBe('http://localhost:3000');
  });

  it('should prefer SITE_URL over everything, without a trailing slash', () => {
    expect(
      resolveSiteUrl({
        SITE_URL: 'https://www.example.com/',
        VERCEL_ENV: 'production',
        VERCEL_URL: 'x.vercel.app',
      }),
    ).toBe('https://www.example.com');
  });

  it('should publish the production domain for a Vercel production deploy', () => {
    expect(
      resolveSiteUrl({
        VERCEL_ENV: 'production',
        VERCEL_URL: 'app-abc123.vercel.app',
        VERCEL_PROJECT_PRODUCTION_URL: 'www.example.com',
      }),
    ).toBe('https://www.example.com');
  });

  it('should publish the deployment URL for a Vercel preview, so it points at itself', () => {
    expect(
      resolveSiteUrl({
        VERCEL_ENV: 'preview',
        VERCEL_URL: 'app-git-feature-abc123.vercel.app',
        VERCEL_PROJECT_PRODUCTION_URL: 'www.example.com',
      }),
    ).toBe('https://app-git-feature-abc123.vercel.app');
  });

  it.each([
    ['not a url', 'must be an absolute URL'],
    ['ftp://example.com', 'must use http or https'],
    ['https://example.com/path', 'must be an origin only'],
    ['https://user:pw@example.com', 'must be an origin only'],
    ['https://example.com/?q=1', 'must be an origin only'],
  ])('should refuse SITE_URL=%s with a message naming the variable', (value, message) => {
    expect(() => resolveSiteUrl({ SITE_URL: value })).toThrow(SiteUrlError);
    expect(() => resolveSiteUrl({ SITE_URL: value })).toThrow(new RegExp(`SITE_URL ${message}`));
  });
});

describe('readListenAddress', () => {
  it('should default to 127.0.0.1:4321 and read HOST and PORT', () => {
    expect(readListenAddress({})).toEqual({ host: '127.0.0.1', port: 4321 });
    expect(readListenAddress({ HOST: '', PORT: ' ' })).toEqual({ host: '127.0.0.1', port: 4321 });
    expect(readListenAddress({ HOST: '::1', PORT: '8080' })).toEqual({ host: '::1', port: 8080 });
  });

  it.each(['eighty', '0', '65536', '80.5', '-1', '0x50', '1e3'])(
    'should refuse PORT=%s, naming the variable and what it takes',
    (value) => {
      const expected = `PORT must be a whole number from 1 to 65535, got "${value}"`;
      expect(() => readListenAddress({ PORT: value })).toThrow(expected);
      // The origin the build publishes names PORT too, not a URL made of it.
      expect(() => resolveSiteUrl({ PORT: value })).toThrow(expected);
    },
  );
});

describe('formatHostForUrl', () => {
  it('should bracket an IPv6 address once, and leave names and IPv4 addresses as they are', () => {
    expect(formatHostForUrl('::1')).toBe('[::1]');
    expect(formatHostForUrl('[::1]')).toBe('[::1]');
    expect(formatHostForUrl('127.0.0.1')).toBe('127.0.0.1');
    expect(formatHostForUrl('localhost')).toBe('localhost');
  });
});
