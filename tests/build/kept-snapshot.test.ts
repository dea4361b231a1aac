import { appendFile, cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAstro } from '../support/processes.ts';
import { copyProject, removeProjectCopy } from '../support/project-copy.ts';
import { waitForSite } from '../support/site-ready.ts';

// `astro sync` (`npm run check`, the first half of `npm test`) keeps the generated modules of the
// last build, for the origin it published, while the code that wrote them is the same; after a
// `git pull` that changes src/ (a schema with a new field), the kept snapshot would fail the type
// check and the bundles would hold the old code, so they are written again.
let project: string;
/** The origin the run's shared build published. */
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  project = await copyProject({ prefix: 'kept-snapshot-' });
  // The generated modules the run's shared build wrote, from the same files: as `npm start` left
  // them in an owner's checkout (a sync of its own would cost this test a bundling).
  await waitForSite();
  await cp(join(inject('siteBuild').dir, 'src/generated'), join(project, 'src/generated'), {
    recursive: true,
  });
}, 240_000);

afterAll(async () => {
  if (project) await removeProjectCopy(project);
});

const readGenerated = (name: string) => readFile(join(project, 'src/generated', name), 'utf8');

describe('astro sync', () => {
  it('should keep the generated modules while src/ is unchanged, and write them again for the same origin once it changes', async () => {
    const fingerprint = await readGenerated('source-fingerprint.txt');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}\n$/);

    // Nothing changed: the last modules are kept, whatever SITE_URL this command has.
    const kept = await runAstro(project, ['sync'], { SITE_URL: 'http://127.0.0.1:8' });
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).not.toContain('written again');
    expect(kept.stdout).not.toContain('functions bundled');
    expect(await readGenerated('site-origin.ts')).toContain(JSON.stringify(baseUrl));

    // The code changed (as a pull changes it): written again, for the origin they had.
    await appendFile(join(project, 'src/schemas/site-content.ts'), '\n// pulled\n');
    const again = await runAstro(project, ['sync'], { SITE_URL: 'http://127.0.0.1:8' });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `src/ changed since the generated modules were written: written again for ${baseUrl}`,
    );
    expect(again.stdout).toContain('functions bundled');
    expect(await readGenerated('site-origin.ts')).toContain(JSON.stringify(baseUrl));
    expect(await readGenerated('site-snapshot.ts')).toContain(
      `"siteUrl": ${JSON.stringify(baseUrl)}`,
    );
    const written = await readGenerated('source-fingerprint.txt');
    expect(written).toMatch(/^[0-9a-f]{64}\n$/);
    expect(written).not.toBe(fingerprint);
  }, 240_000);
});
