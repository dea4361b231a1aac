import { readdirSync } from 'node:fs';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { ROOT } from './processes.ts';

/** The folder holding one invented company per subfolder, each a complete content/ collection. */
export const FIXTURE_COMPANIES_DIR = `${ROOT}tests/fixtures/companies`;

/**
 * A company that writes its content in Greek (`locale: el-GR`), its main page labelled in Greek:
 * the site's own words must be marked as English on its pages (tests/build/page-languages.test.ts).
 * Not one of the swapped fixture companies: its one build also carries the recipes' new tool, page
 * and document (tests/support/copy-builds.ts), which the fixture swap's expectations do not know.
 */
export const GREEK_CONTENT_DIR = `${ROOT}tests/fixtures/content-in-greek`;

/** The names of the fixture companies (their folder names), sorted. */
export const FIXTURE_COMPANY_NAMES: readonly string[] = readdirSync(FIXTURE_COMPANIES_DIR, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The content folder of one fixture company. */
export function resolveFixtureDir(name: string): string {
  return `${FIXTURE_COMPANIES_DIR}/${name}`;
}

/** One fixture company's content, read through the one content reader. */
export async function loadFixtureContent(name: string): Promise<SiteContent> {
  return readSiteContent(resolveFixtureDir(name));
}
