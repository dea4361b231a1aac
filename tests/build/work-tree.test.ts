import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  buildSite,
  requireTemporaryProject,
  ROOT,
  runCommand,
  startServer,
} from '../support/processes.ts';
import { copyProject, OWNER_FOLDER, removeProjectCopy } from '../support/project-copy.ts';
import { compareSnapshots, snapshotWorkTree } from '../support/work-tree.ts';

const made: string[] = [];

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('the test run', () => {
  it('should build and serve the site in a temporary copy of the project', () => {
    const build = inject('siteBuild');
    expect(build.dir.startsWith(`${tmpdir()}${sep}`)).toBe(true);
    expect(build.outputDir.startsWith(build.dir)).toBe(true);
  });
});

describe('requireTemporaryProject', () => {
  it('should refuse the work tree, so no build or server writes into it', async () => {
    expect(() => requireTemporaryProject(ROOT)).toThrow('is not a temporary project copy');
    await expect(buildSite(ROOT, 'http://127.0.0.1:9')).rejects.toThrow(
      'is not a temporary project copy',
    );
    await expect(startServer(ROOT, {})).rejects.toThrow('is not a temporary project copy');
  });
});

describe('copyProject', () => {
  it('should copy the files git knows, link node_modules and leave build outputs out', async () => {
    const dir = await copyProject();
    made.push(dir);
    expect(dir.startsWith(`${tmpdir()}${sep}`)).toBe(true);
    // In a folder named as owners name theirs (spaces, parentheses, accents): every build, server
    // and command of the tests runs from one.
    expect(dir).toContain(`${OWNER_FOLDER}-`);
    expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe(
      await readFile(join(ROOT, 'package.json'), 'utf8'),
    );
    expect(existsSync(join(dir, 'content', 'company.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'node_modules', 'astro', 'package.json'))).toBe(true);
    for (const output of ['dist', '.vercel', '.astro', 'src/generated', 'node_modules/.astro']) {
      expect(existsSync(join(dir, output)), output).toBe(false);
    }
    await removeProjectCopy(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('should put another content folder in place of content/', async () => {
    const content = await mkdtemp(join(tmpdir(), 'other-content-'));
    made.push(content);
    await writeFile(join(content, 'company.yaml'), 'name: Other\n');
    const dir = await copyProject({ contentDir: content });
    made.push(dir);
    expect(await readFile(join(dir, 'content', 'company.yaml'), 'utf8')).toBe('name: Other\n');
    expect(existsSync(join(dir, 'content', 'copy'))).toBe(false);
  });
});

describe('compareSnapshots', () => {
  it('should name every ignored file a run added, changed or removed, and no source file', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'work-tree-'));
    made.push(repo);
    expect((await runCommand('git', ['init', '-q'], {}, repo)).code).toBe(0);
    await writeFile(join(repo, '.gitignore'), 'dist/\n*.log\n');
    await mkdir(join(repo, 'dist'));
    await writeFile(join(repo, 'dist', 'kept.html'), 'kept');
    await writeFile(join(repo, 'dist', 'changed.html'), 'before');
    await writeFile(join(repo, 'dist', 'removed.html'), 'gone');
    const before = await snapshotWorkTree(repo);
    expect(compareSnapshots(before, await snapshotWorkTree(repo))).toEqual([]);
    await writeFile(join(repo, 'dist', 'changed.html'), 'after, longer');
    await rm(join(repo, 'dist', 'removed.html'));
    await writeFile(join(repo, 'stray.log'), 'x');
    await writeFile(join(repo, 'new-source.ts'), 'export {};');
    expect(compareSnapshots(before, await snapshotWorkTree(repo))).toEqual([
      'added stray.log',
      'changed dist/changed.html',
      'removed dist/removed.html',
    ]);
  });
});
