import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readSiteOriginModule,
  renderSiteOriginModule,
  renderSiteSnapshotModule,
} from '../../src/site-content/site-snapshot.ts';
import { buildSiteSnapshot } from '../../src/integrations/build-site-snapshot.ts';
import { readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { ROOT } from '../support/processes.ts';
import { loadProjectTools } from '../support/expected-site.ts';
import { GREEK_CONTENT_DIR, loadFixtureContent } from '../support/fixture-content.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';

describe('renderSiteSnapshotModule', () => {
  it('should import the SiteSnapshot type from where it is declared, as seen from src/generated/', async () => {
    const snapshot = buildSiteSnapshot(
      'https://facts.example.com',
      await loadFixtureContent('rich'),
      readRateLimitPolicy({}),
      await loadProjectTools(),
    );
    const module = renderSiteSnapshotModule(snapshot);
    const specifier = /import type \{ SiteSnapshot \} from '([^']+)';/.exec(module)?.[1];
    expect(specifier).toBeDefined();
    const target = resolve(join(ROOT, 'src', 'generated'), specifier ?? '');
    expect(existsSync(target), target).toBe(true);
    expect(readFileSync(target, 'utf8')).toMatch(/export interface SiteSnapshot\b/);
    expect(dirname(target)).toBe(join(ROOT, 'src', 'site-content'));
  });
});

describe('buildSiteSnapshot', () => {
  it("should carry the stop words of the content's language for search_site_copy, none for English", async () => {
    const tools = await loadProjectTools();
    const snapshotOf = (content: SiteContent) =>
      buildSiteSnapshot('https://facts.example.com', content, readRateLimitPolicy({}), tools);
    expect(snapshotOf(await loadFixtureContent('rich')).searchStopWords).toEqual([]);
    const greek = await readSiteContent(GREEK_CONTENT_DIR);
    expect(snapshotOf(greek).searchStopWords).toEqual(expect.arrayContaining(['και', 'το', 'με']));
  });
});

describe('readSiteOriginModule', () => {
  it('should read back the origin renderSiteOriginModule wrote, and nothing from other text', () => {
    for (const origin of ['http://127.0.0.1:4321', 'https://facts.example.com']) {
      expect(readSiteOriginModule(renderSiteOriginModule(origin))).toBe(origin);
    }
    expect(readSiteOriginModule('export const siteUrl = process.env.SITE_URL;\n')).toBeUndefined();
    expect(readSiteOriginModule('')).toBeUndefined();
  });
});
