import { readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentError, readSiteContent } from '../../src/site-content/read-site-content.ts';
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

/**
 * A fixture company's content copied for a test to edit: `<tmp>/<prefix>XXXXXX/content`, so the
 * messages name `content/...` as an owner's build does. Removed by `removeContentCopy`.
 */
export async function copyFixtureContent(name: string, prefix: string): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), prefix)), 'content');
  await cp(resolveFixtureDir(name), dir, { recursive: true });
  return dir;
}

/** Removes a copy made by `copyFixtureContent`, with the folder around it. */
export async function removeContentCopy(dir: string): Promise<void> {
  await rm(join(dir, '..'), { recursive: true, force: true });
}

/** Rewrites one file of a content copy. */
export async function editContentFile(
  dir: string,
  file: string,
  change: (text: string) => string,
): Promise<void> {
  const path = join(dir, file);
  await writeFile(path, change(await readFile(path, 'utf8')));
}

/** What the reader refuses in a content folder, as `file: field: message`; fails if it reads. */
export async function readContentIssues(dir: string): Promise<string[]> {
  const refused: unknown = await readSiteContent(dir).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(refused instanceof ContentError)) {
    throw new Error(
      `expected the content to be refused with a ContentError, got ${String(refused)}`,
    );
  }
  return refused.issues.map((issue) => `${issue.file}: ${issue.field}: ${issue.message}`);
}
