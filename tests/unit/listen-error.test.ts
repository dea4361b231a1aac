import { describe, expect, it } from 'vitest';
import { describeListenError, describeServing } from '../../src/server/listen-error.ts';

const failure = (code: string, message = `listen ${code}`) => ({ code, message });

describe('describeListenError', () => {
  it('should name a port in use and suggest the next one with npm start, which builds for it', () => {
    const text = describeListenError(failure('EADDRINUSE'), '127.0.0.1', 4321);
    expect(text).toContain('Port 4321 is already in use on 127.0.0.1');
    expect(text).toMatch(/PORT=4322 npm start$/);
    expect(describeListenError(failure('EADDRINUSE'), '127.0.0.1', 65535)).toMatch(
      /PORT=65534 npm start$/,
    );
  });

  it('should say that a privileged port needs privileges, with the address in URL form', () => {
    expect(describeListenError(failure('EACCES'), '::1', 80)).toBe(
      'No permission to listen on [::1]:80 (ports below 1024 need extra privileges). ' +
        'Choose another port: PORT=4321 npm start',
    );
    // Refused for another reason (a security policy): no word about privileged ports, and never
    // the same port back.
    expect(describeListenError(failure('EACCES'), '127.0.0.1', 4321)).toBe(
      'No permission to listen on 127.0.0.1:4321. Choose another port: PORT=4322 npm start',
    );
  });

  it.each(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'])(
    'should send a HOST that is not this machine (%s) back to the loopback defaults',
    (code) => {
      const text = describeListenError(failure(code), 'example.test', 4321);
      expect(text).toMatch(/^HOST example\.test (is not an address of|does not resolve to)/);
      expect(text).toContain('Use 127.0.0.1 (the default), ::1 or 0.0.0.0.');
    },
  );

  it('should name any other failure by its code, else its message, never with a stack', () => {
    expect(describeListenError(failure('EMFILE'), '127.0.0.1', 4321)).toBe(
      'Cannot listen on 127.0.0.1:4321: EMFILE',
    );
    const plain = new Error('something odd');
    expect(describeListenError(plain, '127.0.0.1', 4321)).toBe(
      'Cannot listen on 127.0.0.1:4321: something odd',
    );
  });
});

describe('describeServing', () => {
  it('should name the origin once when the server listens on it', () => {
    expect(describeServing('http://127.0.0.1:4321', '127.0.0.1', 4321)).toBe(
      'Serving http://127.0.0.1:4321 (Ctrl+C to stop)',
    );
  });

  it('should name where it listens when the build publishes another origin', () => {
    expect(describeServing('https://facts.example.com', '::1', 4321)).toBe(
      'Serving https://facts.example.com (SITE_URL) on http://[::1]:4321 (Ctrl+C to stop)',
    );
  });
});
