import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import {
  AgentTextSchema,
  CallsToActionSchema,
  ChangelogEntryFrontMatterSchema,
  CompanyBrandSchema,
  CompanySchema,
  ContentPageFrontMatterSchema,
  CopySectionFrontMatterSchema,
  PAGE_NAMES,
  PageCopyFrontMatterSchema,
  ProductFrontMatterSchema,
  ProductImageSchema,
  type ChangelogEntry,
  type ContentPage,
  type CopySection,
  type PageCopy,
  type PageName,
  type SiteContent,
  type CompanyBrand,
} from '../schemas/site-content.ts';
import { checkAccentContrast } from './brand-colours.ts';
import { normalizeContentText, splitContentFile } from './content-file-text.ts';
import {
  describeContentIssue,
  describeYamlMistake,
  quoteRefusedValue,
  UNKNOWN_FIELD,
} from './content-issue-words.ts';
import { checkLogoSvg } from './brand-logo.ts';
import { checkProductImage } from './product-image.ts';
import { buildChangelogPage, findChangelogEntryProblems, sortChangelog } from './changelog-page.ts';
import {
  describeKebabCaseName,
  findCopyNameProblem,
  findContentPageClash,
  findSectionShortfall,
  KEBAB_CASE_SLUG,
} from './content-page-rules.ts';
import { describeUnclosedBlock, findUnclosedBlocks } from './body-blocks.ts';
import { describeBodyIdClash, findBodyIdClashes } from './body-ids.ts';
import { listMarkdownEmbeds } from './parse-markdown-outline.ts';
import { checkContentFolder } from './content-dir.ts';
import { ContentError, formatIssuePath, type ContentIssue } from './content-error.ts';

// Where every reader of content/ has imported them from.
export { ContentError, type ContentIssue } from './content-error.ts';

/** A Markdown file of content/ as read: its front matter as written and validated, and its body. */
interface MarkdownFile<Data> {
  /** The front matter, validated; undefined when it is refused (its problems reported). */
  readonly data: Data | undefined;
  readonly body: string;
  /** The front matter as YAML read it (undefined when it could not). */
  readonly frontMatter: unknown;
}

/** The image file a front matter names, when that field alone is valid (its alt may not be). */
function readProductImageFile(frontMatter: unknown): string | undefined {
  const image = (frontMatter as { image?: { file?: unknown } } | null | undefined)?.image;
  return ProductImageSchema.shape.file.safeParse(image?.file).data;
}

/**
 * Why an image or an embedding element in a Markdown body is refused: the page would show a
 * broken picture or an empty box (a file in content/ is not published from a body, and the
 * pages' Content-Security-Policy loads no image or media of another site, no frame, and no script
 * or style sheet of a body), and its Markdown version and llms-full.txt a link that leads nowhere.
 */
function describeBodyEmbed(what: string): string {
  return `has ${what}, which the pages cannot show from a Markdown body: link to it instead ([what it shows](https://…)); the product's picture goes in product.md's image`;
}

/**
 * Reads and validates every file of the content collection. Collects all issues before throwing,
 * so a site owner sees every wrong or missing fact at once, each named by file and field.
 */
export async function readSiteContent(contentDir: string): Promise<SiteContent> {
  await checkContentFolder(contentDir);
  const reader = new ContentReader(contentDir);
  const companyData = await reader.yamlData('company.yaml');
  const company = reader.validate('company.yaml', CompanySchema, companyData);
  // The logo and each colour are checked even when another field of the file is wrong.
  const brand = CompanyBrandSchema.safeParse(companyData).data;
  if (brand) await reader.brand(brand);
  const callsToAction = await reader.yaml('calls-to-action.yaml', CallsToActionSchema);
  const agents = await reader.yaml('agents.yaml', AgentTextSchema);
  const productFile = await reader.markdown('product.md', ProductFrontMatterSchema);
  // The image is checked even when another field of the front matter is wrong.
  await reader.productImage(readProductImageFile(productFile?.frontMatter));
  const copy = await reader.copySections('copy');
  const pages: Partial<Record<PageName, PageCopy>> = {};
  for (const name of PAGE_NAMES) {
    const page = await reader.markdown(`pages/${name}.md`, PageCopyFrontMatterSchema);
    if (page?.data) pages[name] = { ...page.data, body: page.body };
  }
  const changelog = await reader.changelog('changelog');
  const contentPages = [
    ...(await reader.contentPages('pages')),
    ...(changelog.length > 0 ? [buildChangelogPage(changelog)] : []),
  ];
  if (productFile && !productFile.body) {
    reader.report(
      'product.md',
      '(body)',
      'the product description (the Markdown body) must not be empty',
    );
  }
  if (reader.issues.length > 0 || !company || !callsToAction || !agents || !productFile?.data) {
    throw new ContentError(reader.issues);
  }
  const content: SiteContent = {
    company,
    callsToAction,
    agents,
    product: { ...productFile.data, body: productFile.body },
    copy,
    pages: pages as Record<PageName, PageCopy>,
    contentPages,
    changelog,
  };
  // Checked on the whole content: an id is taken on the page that shows the body.
  for (const clash of findBodyIdClashes(content)) {
    reader.report(clash.file, reader.lineOf(clash.file, clash.line), describeBodyIdClash(clash));
  }
  for (const block of findUnclosedBlocks(content)) {
    reader.report(block.file, reader.lineOf(block.file, block.line), describeUnclosedBlock(block));
  }
  if (reader.issues.length > 0) throw new ContentError(reader.issues);
  return content;
}

class ContentReader {
  readonly issues: ContentIssue[] = [];
  readonly #dir: string;
  /** The line of each Markdown file its body starts on, from 1. */
  readonly #bodyLines = new Map<string, number>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Where a line of a Markdown file's body (from 1) is in the file, as an issue names it. */
  lineOf(file: string, bodyLine: number): string {
    const start = this.#bodyLines.get(file);
    return start === undefined ? '(body)' : `line ${start + bodyLine - 1}`;
  }

  report(file: string, field: string, message: string): void {
    this.issues.push({ file: join(basename(this.#dir), file), field, message });
  }

  async yaml<S extends z.ZodType>(file: string, schema: S): Promise<z.output<S> | undefined> {
    return this.validate(file, schema, await this.yamlData(file));
  }

  /** A YAML file's data, not yet validated; undefined (its problem reported) when unreadable. */
  async yamlData(file: string): Promise<unknown> {
    const text = await this.#read(file);
    return text === undefined ? undefined : this.#parseYaml(file, text);
  }

  /** Data validated by a schema, its problems reported; undefined for data already refused. */
  validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> | undefined {
    return data === undefined ? undefined : this.#validate(file, schema, data);
  }

  /**
   * Each valid accent colour's contrast in its theme, and the file a valid logo field names:
   * present and safe. A field that is wrong has its own problem, which says what waits on it.
   */
  async brand(company: CompanyBrand): Promise<void> {
    for (const problem of checkAccentContrast(company)) {
      this.report('company.yaml', problem.field, problem.message);
    }
    if (company.logo === undefined) return;
    const logoFile = join(basename(this.#dir), company.logo);
    let svg: string;
    try {
      svg = await readFile(join(this.#dir, company.logo), 'utf8');
    } catch {
      this.report('company.yaml', 'logo', `names ${logoFile}, which is missing or unreadable`);
      return;
    }
    for (const problem of checkLogoSvg(svg)) {
      this.report('company.yaml', 'logo', `${logoFile} ${problem}`);
    }
  }

  /** The product image product.md names, if any: present, of a kind served, small, in proportion. */
  async productImage(fileName: string | undefined): Promise<void> {
    if (fileName === undefined) return;
    const imageFile = join(basename(this.#dir), fileName);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(join(this.#dir, fileName));
    } catch {
      this.report('product.md', 'image.file', `names ${imageFile}, which is missing or unreadable`);
      return;
    }
    const check = checkProductImage(fileName, bytes);
    if (check.ok) return;
    for (const problem of check.problems) {
      this.report('product.md', 'image.file', `${imageFile} ${problem}`);
    }
  }

  /**
   * A Markdown file's front matter, validated (`data` undefined when it is refused, its problems
   * reported), and its body, whose own checks run whatever the front matter holds; undefined
   * when the file is unreadable or has no front matter block.
   */
  async markdown<S extends z.ZodType>(
    file: string,
    schema: S,
  ): Promise<MarkdownFile<z.output<S>> | undefined> {
    const text = await this.#read(file);
    if (text === undefined) return undefined;
    const split = splitContentFile(text);
    if (!split) {
      this.report(
        file,
        '(front matter)',
        'must start with a front matter block between two --- lines',
      );
      return undefined;
    }
    // The front matter starts on the file's second line, after its opening ---.
    const frontMatter = this.#parseYaml(file, split.frontMatter, 1);
    const data =
      frontMatter === undefined ? undefined : this.#validate(file, schema, frontMatter ?? {});
    const { body, bodyLine } = split;
    this.#bodyLines.set(file, bodyLine);
    for (const embed of listMarkdownEmbeds(body)) {
      this.report(file, this.lineOf(file, embed.line), describeBodyEmbed(embed.what));
    }
    return { data, body, frontMatter };
  }

  async copySections(folder: string): Promise<CopySection[]> {
    let names: string[];
    try {
      names = (await readdir(join(this.#dir, folder)))
        .filter((name) => name.endsWith('.md'))
        .sort();
    } catch {
      this.report(
        folder,
        '(folder)',
        'is missing: add a folder of Markdown files with the site copy',
      );
      return [];
    }
    const sections: CopySection[] = [];
    for (const name of names) {
      const slug = name.slice(0, -'.md'.length);
      // The name and the file's text are checked apart: a wrong name hides no mistake inside.
      const nameProblem = findCopyNameProblem(slug);
      if (nameProblem) this.report(`${folder}/${name}`, '(file name)', nameProblem);
      const file = await this.markdown(`${folder}/${name}`, CopySectionFrontMatterSchema);
      if (!file) continue;
      if (!file.body) {
        this.report(`${folder}/${name}`, '(body)', 'the Markdown body must not be empty');
        continue;
      }
      if (file.data && !nameProblem) sections.push({ ...file.data, slug, body: file.body });
    }
    if (names.length === 0) this.report(folder, '(folder)', 'holds no Markdown file');
    return sections.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
  }

  /**
   * Every page of the site owner's own in the pages folder: a Markdown file not named after a
   * main page, whose name is its slug and path; ordered by file name.
   */
  async contentPages(folder: string): Promise<ContentPage[]> {
    let names: string[];
    try {
      names = (await readdir(join(this.#dir, folder))).filter((name) => name.endsWith('.md'));
    } catch {
      return []; // The main pages' files report the missing folder.
    }
    const mainPages = new Set<string>(PAGE_NAMES);
    const pages: ContentPage[] = [];
    for (const name of names.sort()) {
      const slug = name.slice(0, -'.md'.length);
      if (mainPages.has(slug)) continue;
      // The name, the front matter and the body are checked apart: each problem at once.
      const clash = findContentPageClash(slug);
      if (clash) this.report(`${folder}/${name}`, '(file name)', clash);
      const file = await this.markdown(`${folder}/${name}`, ContentPageFrontMatterSchema);
      if (!file) continue;
      const shortfall = findSectionShortfall(file.body);
      if (shortfall) this.report(`${folder}/${name}`, '(body)', shortfall);
      if (file.data && !clash && !shortfall) pages.push({ ...file.data, slug, body: file.body });
    }
    return pages;
  }

  /**
   * The changelog's entries, newest first: one Markdown file each, its name kebab-case. No folder
   * (or none holding Markdown) means the site has no changelog: no page, no feed, no link.
   */
  async changelog(folder: string): Promise<ChangelogEntry[]> {
    let names: string[];
    try {
      names = (await readdir(join(this.#dir, folder))).filter((name) => name.endsWith('.md'));
    } catch {
      return [];
    }
    const entries: ChangelogEntry[] = [];
    for (const name of names.sort()) {
      const file = `${folder}/${name}`;
      const slug = name.slice(0, -'.md'.length);
      const wellNamed = KEBAB_CASE_SLUG.test(slug);
      if (!wellNamed) {
        this.report(file, '(file name)', describeKebabCaseName(slug, '2026-11-25-changelog.md'));
      }
      const entry = await this.markdown(file, ChangelogEntryFrontMatterSchema);
      if (!entry) continue;
      if (!entry.body) {
        this.report(file, '(body)', 'the Markdown body must not be empty: say what changed');
        continue;
      }
      const problems = findChangelogEntryProblems(entry.data?.apiVersion, entry.body);
      for (const { field, message } of problems) this.report(file, field, message);
      if (problems.length > 0) continue;
      if (entry.data && wellNamed) entries.push({ ...entry.data, slug, body: entry.body });
    }
    return sortChangelog(entries);
  }

  async #read(file: string): Promise<string | undefined> {
    try {
      return normalizeContentText(await readFile(join(this.#dir, file), 'utf8'));
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      this.report(file, '(file)', missing ? 'is missing' : `cannot be read (${String(error)})`);
      return undefined;
    }
  }

  /**
   * Parses YAML that starts `firstLine` lines into its file, reporting a syntax error at the
   * file's own line and column, with the parser's reason alone (its message also names the
   * position in the text it was given and ends with a colon before an excerpt).
   */
  #parseYaml(file: string, text: string, firstLine = 0): unknown {
    try {
      return parseYaml(text, { prettyErrors: true }) as unknown;
    } catch (error) {
      const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
      const where = position ? `line ${position.line + firstLine}` : '(syntax)';
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      const message = reason.replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
      const column = position ? ` (column ${position.col})` : '';
      const mistake =
        error instanceof YAMLParseError && position
          ? describeYamlMistake(error.code, text.split('\n')[position.line - 1] ?? '')
          : undefined;
      // Nothing of the file's fields can be checked before YAML reads them: said, so the owner
      // expects the next build to name what they hold.
      const problem = mistake ?? `is not valid YAML: ${message}${column}`;
      this.report(file, where, `${problem}; fix it first, then the file's fields are checked`);
      return undefined;
    }
  }

  #validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> | undefined {
    // reportInput: each issue carries the value it refuses, which its message quotes.
    const result = schema.safeParse(data, { error: describeContentIssue, reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        // Each unknown field by its own name, where the owner looks for it.
        for (const key of issue.keys) {
          this.report(file, formatIssuePath([...issue.path, key]), UNKNOWN_FIELD);
        }
      } else {
        this.report(
          file,
          formatIssuePath(issue.path),
          quoteRefusedValue(issue.message, issue.input),
        );
      }
    }
    return undefined;
  }
}
