import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listUnbundledEntries } from '../../src/integrations/bundle-functions.ts';

describe('listUnbundledEntries', () => {
  it('should name the functions that have no bundle yet, such as one added since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
    try {
      mkdirSync(join(dir, 'mcp'));
      writeFileSync(join(dir, 'mcp', 'mcp.mjs'), 'export {};');
      mkdirSync(join(dir, 'insight'));
      const entries = ['mcp', 'insight', 'a2a'].map((name) => ({ name, source: `${name}.ts` }));
      expect(listUnbundledEntries(entries, dir).map(({ name }) => name)).toEqual([
        'insight',
        'a2a',
      ]);
      expect(listUnbundledEntries(entries, join(dir, 'none'))).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
