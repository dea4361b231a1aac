import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';

/** Vercel's own selection of the Node.js version from `engines.node` (the build image's code). */
interface VercelBuildUtils {
  getSupportedNodeVersion(range?: string): Promise<{ major: number; range: string }>;
}
/** npm's own range checks (npm-install-checks uses `semver` too). */
interface Semver {
  satisfies(version: string, range: string): boolean;
  intersects(range1: string, range2: string): boolean;
  minVersion(range: string): { major: number } | null;
}
const require = createRequire(import.meta.url);
const { getSupportedNodeVersion } = require('@vercel/build-utils') as VercelBuildUtils;
const semver = require('semver') as Semver;

interface Manifest {
  engines: { node: string };
  devEngines: { runtime: { name: string; version: string; onFail: string } };
  devDependencies: Record<string, string>;
}

const root = new URL('../../', import.meta.url);
let manifest: Manifest;
let nvmrc: string;

beforeAll(async () => {
  manifest = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as Manifest;
  nvmrc = (await readFile(new URL('.nvmrc', root), 'utf8')).trim();
});

describe('package.json engines', () => {
  it('should make Vercel select Node 24, with no automatic major upgrade', async () => {
    const selected = await getSupportedNodeVersion(manifest.engines.node);
    expect(selected.range).toBe('24.x');
    // Vercel warns when the range admits the next major after its newest (it would upgrade).
    expect(semver.intersects('25.x', manifest.engines.node)).toBe(false);
    expect(semver.intersects('26.x', manifest.engines.node)).toBe(false);
  });

  it('should admit Node 20 and 22 with a current npm, so npm prints no engine warning for this project', () => {
    for (const version of ['20.17.0', '20.20.2', '22.9.0', '24.0.0', '24.21.0'])
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    for (const version of ['18.20.0', '20.16.0', '21.7.0'])
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(false);
  });

  it('should stop npm (10.9 and later) on a Node too old to run it, with devEngines', () => {
    expect(manifest.devEngines.runtime).toEqual({
      name: 'node',
      version: '>=20.17.0',
      onFail: 'error',
    });
    expect(semver.satisfies('20.17.0', manifest.devEngines.runtime.version)).toBe(true);
    expect(semver.satisfies('18.20.0', manifest.devEngines.runtime.version)).toBe(false);
  });

  it('should run the npm scripts on the Node 24 that .nvmrc names, from the node dev dependency', () => {
    expect(nvmrc).toBe('24');
    expect(semver.minVersion(manifest.devDependencies.node ?? '')?.major).toBe(24);
  });
});
