import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  computeSourceFingerprint,
  readRecordedFingerprint,
} from '../../src/integrations/source-fingerprint.ts';

let root: string | undefined;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A project of a few files: src/, what it generates, and the lock. */
async function makeProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fingerprint-'));
  await mkdir(join(dir, 'src/schemas'), { recursive: true });
  await mkdir(join(dir, 'src/generated/functions'), { recursive: true });
  await writeFile(join(dir, 'src/schemas/site-content.ts'), 'export const a = 1;\n');
  await writeFile(join(dir, 'src/generated/site-origin.ts'), 'export const siteUrl = "x";\n');
  await writeFile(join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
  return dir;
}

describe('computeSourceFingerprint', () => {
  it('should change with a file of src/ or the lock, and not with what src/generated holds', async () => {
    const dir = (root = await makeProject());
    const first = await computeSourceFingerprint(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await computeSourceFingerprint(dir)).toBe(first);

    await writeFile(join(dir, 'src/generated/site-origin.ts'), 'export const siteUrl = "y";\n');
    await writeFile(join(dir, 'src/generated/functions/mcp.mjs'), 'export {};\n');
    expect(await computeSourceFingerprint(dir)).toBe(first);

    await writeFile(join(dir, 'src/schemas/site-content.ts'), 'export const a = 2;\n');
    const edited = await computeSourceFingerprint(dir);
    expect(edited).not.toBe(first);

    // A file renamed, its content the same, is other code too.
    await rm(join(dir, 'src/schemas/site-content.ts'));
    await writeFile(join(dir, 'src/schemas/site.ts'), 'export const a = 2;\n');
    const renamed = await computeSourceFingerprint(dir);
    expect(renamed).not.toBe(edited);

    await writeFile(join(dir, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    expect(await computeSourceFingerprint(dir)).not.toBe(renamed);
  });
});

describe('readRecordedFingerprint', () => {
  it('should read what a bundling recorded, and nothing from a missing or foreign file', async () => {
    const dir = (root = await makeProject());
    const file = join(dir, 'src/generated/source-fingerprint.txt');
    expect(await readRecordedFingerprint(file)).toBeUndefined();
    const fingerprint = await computeSourceFingerprint(dir);
    await writeFile(file, `${fingerprint}\n`);
    expect(await readRecordedFingerprint(file)).toBe(fingerprint);
    await writeFile(file, 'not a digest\n');
    expect(await readRecordedFingerprint(file)).toBeUndefined();
  });
});
