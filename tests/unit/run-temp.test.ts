import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_VARIABLE, cacheFolder, openRunTemp } from '../support/run-temp.ts';

/** What `os.tmpdir()` answers in a new Node process started with this process's environment. */
function childTmpdir(): string {
  return execFileSync(process.execPath, ['-e', 'process.stdout.write(require("os").tmpdir())'], {
    encoding: 'utf8',
  });
}

describe('the test run’s temporary folder', () => {
  it('is where this worker and the processes it starts write, inside the machine’s temporary directory', () => {
    const folder = tmpdir();
    expect(basename(folder)).toMatch(/^agent-facts-test-run-/);
    expect(dirname(folder)).toBe(process.env[CACHE_VARIABLE]);
    expect(cacheFolder()).toBe(dirname(folder));
    expect(childTmpdir()).toBe(folder);
  });

  it('is removed with everything in it, written here or by a child process, and gives the variables back', async () => {
    const readVariables = () =>
      ['TMPDIR', 'TMP', 'TEMP', CACHE_VARIABLE].map((name) => process.env[name]);
    const before = readVariables();
    const outer = tmpdir();
    const cache = cacheFolder();
    const temp = await openRunTemp();
    try {
      expect(dirname(temp.folder)).toBe(outer);
      expect(tmpdir()).toBe(temp.folder);
      expect(process.env.TMP).toBe(temp.folder);
      expect(process.env.TEMP).toBe(temp.folder);
      expect(childTmpdir()).toBe(temp.folder);
      // Opened inside a run, the folder for what runs reuse stays the run's first directory.
      expect(cacheFolder()).toBe(cache);
      await mkdir(join(temp.folder, 'left', 'behind'), { recursive: true });
      await writeFile(join(temp.folder, 'left', 'behind', 'state.json'), '{}');
      execFileSync(process.execPath, [
        '-e',
        'require("fs").writeFileSync(require("path").join(require("os").tmpdir(), "child.txt"), "x")',
      ]);
      expect(existsSync(join(temp.folder, 'child.txt'))).toBe(true);
    } finally {
      await temp.close();
    }
    expect(existsSync(temp.folder)).toBe(false);
    expect(readVariables()).toEqual(before);
    expect(tmpdir()).toBe(outer);
  });
});
