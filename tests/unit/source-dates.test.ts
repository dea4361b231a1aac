import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSourcesLastModified } from '../../src/site-content/source-dates.ts';

const NO_EPOCH = { SOURCE_DATE_EPOCH: undefined };

/** A folder with content/a.yaml and content/b.md, dated 2024-01-01 and 2024-02-01 on disk. */
function makeTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'source-dates-'));
  mkdirSync(join(root, 'content'));
  writeFileSync(join(root, 'content', 'a.yaml'), 'a: 1\n');
  writeFileSync(join(root, 'content', 'b.md'), '# b\n');
  writeFileSync(join(root, 'other.ts'), 'export {};\n');
  utimesSync(join(root, 'content', 'a.yaml'), new Date('2024-01-01Z'), new Date('2024-01-01Z'));
  utimesSync(join(root, 'content', 'b.md'), new Date('2024-02-01Z'), new Date('2024-02-01Z'));
  utimesSync(join(root, 'other.ts'), new Date('2024-03-01Z'), new Date('2024-03-01Z'));
  return root;
}

/** Commits everything in `root` with a fixed committer date. */
function commitAll(root: string, date: string): void {
  const env = { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'content');
}

describe('readSourcesLastModified', () => {
  it('should take the newest modification time of the files outside a git checkout', () => {
    const root = makeTree();
    expect(readSourcesLastModified(root, ['content'], NO_EPOCH)).toEqual({
      date: new Date('2024-02-01Z'),
      origin: 'mtime',
    });
  });

  it('should take the committer date of the last commit touching the files in a clean checkout', () => {
    const root = makeTree();
    commitAll(root, '2025-05-06T07:08:09Z');
    const found = readSourcesLastModified(root, ['content'], NO_EPOCH);
    expect(found).toEqual({ date: new Date('2025-05-06T07:08:09Z'), origin: 'git' });
  });

  it('should take the files’ time when they have uncommitted changes', () => {
    const root = makeTree();
    commitAll(root, '2025-05-06T07:08:09Z');
    writeFileSync(join(root, 'content', 'a.yaml'), 'a: 2\n');
    utimesSync(join(root, 'content', 'a.yaml'), new Date('2026-01-01Z'), new Date('2026-01-01Z'));
    expect(readSourcesLastModified(root, ['content'], NO_EPOCH)).toEqual({
      date: new Date('2026-01-01Z'),
      origin: 'mtime',
    });
  });

  it('should let SOURCE_DATE_EPOCH decide, and refuse one that is not whole seconds', () => {
    const root = makeTree();
    expect(readSourcesLastModified(root, ['content'], { SOURCE_DATE_EPOCH: '1700000000' })).toEqual(
      { date: new Date(1_700_000_000_000), origin: 'SOURCE_DATE_EPOCH' },
    );
    expect(() => readSourcesLastModified(root, ['content'], { SOURCE_DATE_EPOCH: 'soon' })).toThrow(
      /whole seconds/,
    );
  });

  it('should throw when none of the sources exists', () => {
    expect(() => readSourcesLastModified(makeTree(), ['missing'], NO_EPOCH)).toThrow(/none of/);
  });
});
