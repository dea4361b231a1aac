import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findPlatformGaps,
  findStartPathRoots,
  fitsPlatform,
  listReachablePackages,
  listScriptCommands,
  readImportedPackages,
  SUPPORTED_PLATFORMS,
  type PackageLock,
} from '../../scripts/lock-platforms.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
let lock: PackageLock;
let roots: string[];

beforeAll(async () => {
  lock = JSON.parse(await readFile(`${root}package-lock.json`, 'utf8')) as PackageLock;
  roots = await findStartPathRoots(root, lock);
});

/**
 * Packages on the start path that run an install script, and why each works on every platform:
 * a new one must be looked at before it joins.
 */
const KNOWN_INSTALL_SCRIPTS: Readonly<Record<string, string>> = {
  esbuild: 'its postinstall only checks the @esbuild/<platform> package, which the lock holds',
  node:
    'its preinstall installs node-<platform>-<arch> (Node 24 for the npm scripts) from the ' +
    'registry, outside the lock; see docs/architecture.md, Known limits of the platform',
};

/** A lock where `native` has builds for Linux only, as pagefind had in this project's lock. */
const LINUX_ONLY: PackageLock = {
  packages: {
    '': { dependencies: { native: '^1.0.0' } },
    'node_modules/native': {
      version: '1.6.0',
      optionalDependencies: {
        '@native/linux-x64': '1.6.0',
        '@native/linux-arm64': '1.6.0',
        fsevents: '2.3.3',
      },
    },
    'node_modules/@native/linux-x64': {
      version: '1.6.0',
      os: ['linux'],
      cpu: ['x64'],
      optional: true,
    },
    'node_modules/@native/linux-arm64': {
      version: '1.6.0',
      os: ['linux'],
      cpu: ['arm64'],
      optional: true,
    },
    'node_modules/fsevents': { version: '2.3.3', os: ['darwin'], optional: true },
  },
};

describe('findPlatformGaps', () => {
  it('should find a build of every native package npm start needs, for each of the five platforms', () => {
    expect(findPlatformGaps(lock, roots)).toEqual([]);
  });

  it('should name the package and each platform the lock holds no build for', () => {
    expect(findPlatformGaps(LINUX_ONLY, ['native'])).toEqual(
      ['darwin-arm64', 'darwin-x64', 'win32-x64'].map((platform) => ({
        package: 'native@1.6.0',
        platform,
        reason: 'the lock holds builds for @native/linux-x64, @native/linux-arm64 only',
      })),
    );
  });

  it('should name a required package that installs on some platforms only', () => {
    const lockWithRequired: PackageLock = {
      packages: {
        '': { dependencies: { posix: '1.0.0' } },
        'node_modules/posix': { version: '1.0.0', os: ['!win32'] },
      },
    };
    expect(findPlatformGaps(lockWithRequired, ['posix'])).toEqual([
      {
        package: 'posix@1.0.0',
        platform: 'win32-x64',
        reason: 'it is required and installs only on os ["!win32"], cpu []',
      },
    ]);
  });

  it('should name the gaps of a tool that is not on the start path (the vercel CLI here)', () => {
    const gaps = findPlatformGaps(lock, ['vercel']);
    expect(roots).not.toContain('vercel');
    expect(gaps.map((gap) => gap.platform)).toContain('darwin-arm64');
  });
});

describe('findStartPathRoots', () => {
  it('should take the packages the sources import and the commands of npm start', () => {
    expect(roots).toEqual(
      expect.arrayContaining(['astro', 'node', 'esbuild', '@resvg/resvg-js', 'satori', 'jsdom']),
    );
    expect(roots).toEqual(
      expect.arrayContaining([
        'minisearch',
        '@fontsource/inter',
        '@fontsource/ibm-plex-sans-arabic',
      ]),
    );
    expect(roots).not.toContain('pagefind');
    expect(roots).not.toContain('playwright');
  });

  it('should run install scripts on the start path only where each is known to work everywhere', () => {
    const scripted = new Set<string>();
    for (const platform of SUPPORTED_PLATFORMS)
      for (const path of listReachablePackages(lock, roots, platform))
        if (lock.packages[path]?.hasInstallScript)
          scripted.add(path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect([...scripted].sort()).toEqual(Object.keys(KNOWN_INSTALL_SCRIPTS).sort());
  });

  it("should decide in package.json's allowScripts for every install script of the lock, allowing those of the start path", async () => {
    // npm 11.16+ lists at the end of `npm ci` every install script allowScripts does not name,
    // and npm 12 runs none it does not allow: a new one must be decided, not left to either.
    const { allowScripts = {} } = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const scripted = new Set<string>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (entry.hasInstallScript) {
        scripted.add(path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
      }
    }
    expect(Object.keys(allowScripts).sort()).toEqual([...scripted].sort());
    for (const name of Object.keys(KNOWN_INSTALL_SCRIPTS))
      expect(allowScripts[name], name).toBe(true);
  });
});

describe('listScriptCommands', () => {
  it('should follow npm run into the commands each script runs', () => {
    const scripts = {
      start: 'npm run build && npm run serve',
      build: 'astro build',
      serve: 'node x.ts',
    };
    expect(listScriptCommands(scripts, 'start')).toEqual(['astro', 'node']);
    expect(listScriptCommands({ a: 'npm run a' }, 'a')).toEqual([]);
  });
});

describe('readImportedPackages', () => {
  it('should read static, dynamic and resolved imports, and skip relative and built-in ones', () => {
    const source = [
      "import a from 'astro/config';",
      "import { b } from '@scope/pkg/sub';",
      "const c = await import('minisearch');",
      'require.resolve(`@fontsource/inter/files/x.woff`);',
      "import './local.ts'; import 'node:fs'; import 'astro:content';",
    ].join('\n');
    expect(readImportedPackages(source)).toEqual([
      'astro',
      '@scope/pkg',
      'minisearch',
      '@fontsource/inter',
    ]);
  });
});

describe('fitsPlatform', () => {
  it('should read os, cpu and libc as npm does, libc on Linux only', () => {
    const [linuxX64, , macArm] = SUPPORTED_PLATFORMS;
    expect(fitsPlatform({ os: ['linux'], cpu: ['x64'], libc: ['musl'] }, linuxX64!)).toBe(false);
    expect(fitsPlatform({ os: ['linux'], cpu: ['x64'], libc: ['glibc'] }, linuxX64!)).toBe(true);
    expect(fitsPlatform({ os: ['darwin'], libc: ['musl'] }, macArm!)).toBe(true);
    expect(fitsPlatform({ cpu: ['wasm32'] }, macArm!)).toBe(false);
  });
});
