/**
 * Which packages `npm start` needs (to build and to serve), and whether package-lock.json holds a
 * build for each supported platform of every one of them that ships native code. A native
 * package comes as one optional dependency per platform (`@esbuild/darwin-arm64`, ...), each
 * with `os`/`cpu`/`libc` fields; `npm ci` installs the one that fits the machine, from the lock,
 * so a platform whose build the lock lacks cannot build the site.
 * @see https://docs.npmjs.com/cli/v11/configuring-npm/package-lock-json#packages
 * @see https://docs.npmjs.com/cli/v11/configuring-npm/package-json#os
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { MIDDLEWARE_ENTRYPOINT } from '../src/service/middleware-matcher.ts';

/** One entry of the lock's `packages`. */
export interface LockEntry {
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly bin?: Readonly<Record<string, string>>;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly libc?: readonly string[];
  readonly optional?: boolean;
  readonly hasInstallScript?: boolean;
}

export interface PackageLock {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** A machine `npm ci && npm start` must work on. */
export interface Platform {
  readonly os: string;
  readonly cpu: string;
  /** The C library on Linux (GitHub's runners and most desktops use glibc). */
  readonly libc?: string;
}

/** Linux x64/arm64, macOS arm64/x64 and Windows x64 (issue 24, item 4). */
export const SUPPORTED_PLATFORMS: readonly Platform[] = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
];

/** A platform `npm start` would fail on, and the package that lacks a build for it. */
export interface PlatformGap {
  readonly package: string;
  readonly platform: string;
  readonly reason: string;
}

/** The lock path a dependency `name` of the package at `from` resolves to, as node finds it. */
export function resolveLockPath(lock: PackageLock, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** The package name of an import specifier (`@scope/name/sub` -> `@scope/name`), if any. */
export function readPackageName(specifier: string): string | undefined {
  if (/^(?:\.|\/|node:|[a-z]+:\/\/|virtual:|astro:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name || undefined;
}

/** Every package a source text imports or resolves by name. */
export function readImportedPackages(source: string): string[] {
  const specifiers = source.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\(\s*)['"`]([^'"`$]+)/g,
  );
  return [...specifiers].flatMap((match) => readPackageName(match[1] ?? '') ?? []);
}

/** True when an `os`/`cpu`/`libc` list admits a value (`!value` excludes it). */
function admits(list: readonly string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0) return true;
  if (value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((item) => !item.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

/** True when npm would install an entry on a platform (npm checks libc on Linux only). */
export function fitsPlatform(entry: LockEntry, platform: Platform): boolean {
  return (
    admits(entry.os, platform.os) &&
    admits(entry.cpu, platform.cpu) &&
    (platform.os !== 'linux' || admits(entry.libc, platform.libc))
  );
}

/** A platform's name as people say it. */
export function describePlatform(platform: Platform): string {
  return `${platform.os}-${platform.cpu}${platform.libc ? ` (${platform.libc})` : ''}`;
}

/** The lock paths of a package's dependencies that npm installs (not optional peers). */
function listDependencyPaths(lock: PackageLock, path: string, entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => !entry.peerDependenciesMeta?.[name]?.optional,
  );
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...peers,
  ];
  return names.flatMap((name) => resolveLockPath(lock, path, name) ?? []);
}

/**
 * Every lock path npm installs on `platform` that is reachable from the root packages `roots`
 * (names at the top of node_modules): an optional package that does not fit is left out.
 */
export function listReachablePackages(
  lock: PackageLock,
  roots: readonly string[],
  platform?: Platform,
): Set<string> {
  const seen = new Set<string>();
  const queue = roots.flatMap((name) => resolveLockPath(lock, '', name) ?? []);
  while (queue.length > 0) {
    const path = queue.pop() as string;
    const entry = lock.packages[path];
    if (seen.has(path) || !entry) continue;
    if (platform && entry.optional && !fitsPlatform(entry, platform)) continue;
    seen.add(path);
    queue.push(...listDependencyPaths(lock, path, entry));
  }
  return seen;
}

/** The package name of a lock path (`node_modules/a/node_modules/@b/c` -> `@b/c`). */
function readLockName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Optional dependencies for one platform only, which their dependents do without elsewhere: no
 * build for the other platforms is expected.
 */
const PLATFORM_EXTRAS: Readonly<Record<string, string>> = {
  fsevents: 'macOS file events; chokidar and Vite watch files without it elsewhere',
};

/**
 * The gaps among the packages npm installs on each platform from `roots`: a package whose
 * platform builds (optional dependencies with `os`/`cpu` fields) include none for that platform,
 * or a required package that itself excludes it.
 */
export function findPlatformGaps(
  lock: PackageLock,
  roots: readonly string[],
  platforms: readonly Platform[] = SUPPORTED_PLATFORMS,
): PlatformGap[] {
  const gaps: PlatformGap[] = [];
  for (const platform of platforms) {
    for (const path of [...listReachablePackages(lock, roots, platform)].sort()) {
      const entry = lock.packages[path] as LockEntry;
      const label = `${readLockName(path)}@${entry.version ?? '?'}`;
      const builds = Object.keys(entry.optionalDependencies ?? {})
        .filter((dependency) => !PLATFORM_EXTRAS[dependency])
        .map((dependency) => {
          const resolved = resolveLockPath(lock, path, dependency);
          return { dependency, entry: resolved ? lock.packages[resolved] : undefined };
        })
        .filter(({ entry: build }) => build && (build.os || build.cpu));
      if (builds.length > 0 && !builds.some(({ entry: build }) => fitsPlatform(build!, platform)))
        gaps.push({
          package: label,
          platform: describePlatform(platform),
          reason: `the lock holds builds for ${builds.map(({ dependency }) => dependency).join(', ')} only`,
        });
      if (!entry.optional && (entry.os || entry.cpu) && !fitsPlatform(entry, platform))
        gaps.push({
          package: label,
          platform: describePlatform(platform),
          reason: `it is required and installs only on os ${JSON.stringify(entry.os ?? [])}, cpu ${JSON.stringify(entry.cpu ?? [])}`,
        });
    }
  }
  return gaps;
}

/** The packages of the lock's top level that provide a command (`astro`, `node`). */
export function findCommandPackages(lock: PackageLock, commands: readonly string[]): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => /^node_modules\/(?:@[^/]+\/)?[^/]+$/.test(path))
    .filter(([, entry]) => commands.some((command) => entry.bin?.[command]))
    .map(([path]) => readLockName(path));
}

/** The commands an npm script runs (`npm run build && npm run serve` -> the scripts' commands). */
export function listScriptCommands(
  scripts: Readonly<Record<string, string>>,
  script: string,
  seen = new Set<string>(),
): string[] {
  if (seen.has(script)) return [];
  seen.add(script);
  const line = scripts[script] ?? '';
  return line.split(/&&|\|\||;/).flatMap((step) => {
    const words = step.trim().split(/\s+/);
    if (words[0] === 'npm' && words[1] === 'run' && words[2])
      return listScriptCommands(scripts, words[2], seen);
    return words[0] ? [words[0]] : [];
  });
}

/** Every source file `npm start` loads: the Astro config, the middleware, api/ and src/. */
async function listStartPathFiles(root: string): Promise<string[]> {
  const files = ['astro.config.mjs', MIDDLEWARE_ENTRYPOINT];
  for (const dir of ['src', 'api']) {
    const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile() && /\.(?:ts|mts|mjs|js|astro)$/.test(entry.name))
        files.push(relative(root, join(entry.parentPath, entry.name)));
  }
  return files;
}

/**
 * The packages `npm start` needs by name: those its sources import (or resolve, as the fonts),
 * and those providing the commands of its scripts (`astro`, and `node` from the `node` package).
 */
export async function findStartPathRoots(root: string, lock: PackageLock): Promise<string[]> {
  const names = new Set<string>();
  for (const file of await listStartPathFiles(root))
    for (const name of readImportedPackages(await readFile(join(root, file), 'utf8')))
      if (lock.packages[`node_modules/${name}`]) names.add(name);
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const name of findCommandPackages(lock, listScriptCommands(manifest.scripts, 'start')))
    names.add(name);
  return [...names].sort();
}
