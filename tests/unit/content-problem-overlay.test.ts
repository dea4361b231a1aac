import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildContentProblemPayload } from '../../src/integrations/content-problem-overlay.ts';
import { ContentError } from '../../src/site-content/read-site-content.ts';

let contentDir: string;
let root: string;
beforeAll(async () => {
  contentDir = join(await mkdtemp(join(tmpdir(), 'overlay-')), 'content');
  await mkdir(contentDir);
  await writeFile(join(contentDir, 'company.yaml'), 'name: ""\nfeatures:\n  - name: x\n');
  root = dirname(contentDir);
});

describe('buildContentProblemPayload', () => {
  it("should give Vite's error payload every problem, and the first one's file and line", () => {
    const error = new ContentError([
      { file: 'content/company.yaml', field: 'name', message: 'must not be empty' },
      { file: 'content/product.md', field: 'title', message: 'is required' },
    ]);
    const { type, err } = buildContentProblemPayload(error, contentDir, root);
    expect(type).toBe('error');
    expect(err.name).toBe('ContentError');
    expect(err.title).toBe('The content has a problem');
    expect(err.message).toBe(error.message);
    expect(err.hint).toContain('docs/owners.md');
    // Relative to the project's root, which Astro puts in front (tests/http/dev-server.test.ts
    // reads the overlay's payload whole from a folder named with spaces and accents).
    expect(err.loc).toEqual({ file: join('content', 'company.yaml'), line: 1, column: 1 });
  });

  it('should point a nested field at the line of its top-level key', () => {
    const error = new ContentError([
      { file: 'content/company.yaml', field: 'features[0].name', message: 'too short' },
    ]);
    expect(buildContentProblemPayload(error, contentDir, root).err.loc?.line).toBe(2);
  });

  it('should name the file without a line when the key or the file is not there', () => {
    for (const [file, field] of [
      ['content/company.yaml', '(the whole file)'],
      ['content/missing.yaml', 'name'],
    ] as const) {
      const error = new ContentError([{ file, field, message: 'x' }]);
      expect(buildContentProblemPayload(error, contentDir, root).err.loc).toEqual({
        file: join('content', file.replace('content/', '')),
        line: 0,
        column: 0,
      });
    }
  });

  it('should name a content folder outside the root from the root, and keep the file absolute when nothing leads there', () => {
    const error = new ContentError([
      { file: 'content/company.yaml', field: 'name', message: 'must not be empty' },
    ]);
    const inside = join(root, 'site');
    expect(buildContentProblemPayload(error, contentDir, inside).err.loc?.file).toBe(
      join('..', 'content', 'company.yaml'),
    );
    // The root itself named as the file (nothing to join): the absolute path.
    expect(
      buildContentProblemPayload(error, contentDir, join(contentDir, 'company.yaml')).err.loc?.file,
    ).toBe(join(contentDir, 'company.yaml'));
  });

  it('should escape the owner text the overlay writes as HTML', () => {
    const error = new ContentError([
      {
        file: 'content/company.yaml',
        field: 'name',
        message: 'got "<img src=x onerror=alert(1)>" & more',
      },
    ]);
    const { message } = buildContentProblemPayload(error, contentDir, root).err;
    expect(message).toContain('got &quot;&lt;img src=x onerror=alert(1)&gt;&quot; &amp; more');
    expect(message).not.toMatch(/[<>"]/);
  });
});
