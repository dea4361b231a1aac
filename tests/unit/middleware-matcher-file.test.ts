import { getConfig } from '@vercel/static-config';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMatcherLiteral,
  writeMiddlewareMatcher,
} from '../../src/integrations/middleware-matcher-file.ts';
import { buildMiddlewareMatcher, PAGE_MATCHER } from '../../src/service/middleware-matcher.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';
import { ROOT } from '../support/processes.ts';

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'middleware-matcher-'));
  file = join(dir, 'middleware.js');
  await copyFile(join(ROOT, 'middleware.js'), file);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeMiddlewareMatcher', () => {
  it('should leave the committed middleware.js as it is for the default matcher', async () => {
    const before = await readFile(file, 'utf8');
    expect(writeMiddlewareMatcher(file, [PAGE_MATCHER])).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it("should write the widened matcher where Vercel's static reader finds it, and back", async () => {
    const widened = buildMiddlewareMatcher(BUILT_IN_ROUTES.surfaces, { countAgentDocuments: true });
    expect(widened).toHaveLength(2);
    expect(writeMiddlewareMatcher(file, widened)).toBe(true);
    // @vercel/node reads the config with this function when it builds the middleware.
    expect(getConfig(null, file)).toEqual({ runtime: 'nodejs', matcher: widened });
    expect(writeMiddlewareMatcher(file, [PAGE_MATCHER])).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(await readFile(join(ROOT, 'middleware.js'), 'utf8'));
  });

  it('should quote backslashes and quotes as a single-quoted literal', () => {
    expect(formatMatcherLiteral(["/(a\\.md|b's)"])).toBe("['/(a\\\\.md|b\\'s)']");
  });
});
