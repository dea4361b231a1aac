/**
 * npm run lock:prune — drops from package-lock.json the optional dependencies that the lock holds
 * no entry for. The registry this project is built from lacks some platform builds (@vercel/vc-native's
 * for macOS, Windows and Linux arm64, a part of the `vercel` CLI that tests use), so `npm install` records their names but no
 * entries, and `npm ci` then refuses the lock as out of sync. Run it after `npm install`.
 */
import { readFile, writeFile } from 'node:fs/promises';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(await readFile(file, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

/** True when a dependency of the package at `path` resolves to an entry, as node would find it. */
function resolves(path: string, name: string): boolean {
  for (let base = path; ;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

const dropped: string[] = [];
for (const [path, entry] of Object.entries(packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (resolves(path, name)) continue;
    delete entry.optionalDependencies[name];
    dropped.push(`${path || '(root)'} → ${name}`);
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  dropped.length > 0 ? `Dropped ${dropped.length}:\n${dropped.join('\n')}` : 'Nothing to drop.',
);
