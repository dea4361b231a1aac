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
  type ChangelogEntry,
  type ContentPage,
  type CopySection,
  type PageCopy,
  type PageName,
  type SiteContent,
  type CompanyBrand,
  type ProductImage,
} from '../schemas/site-content.ts';
import { checkAccentContrast } from './brand-colours.ts';
import { normalizeContentText, splitContentFile } from './content-file-text.ts';
import { describeContentIssue, describeYamlMistake, UNKNOWN_FIELD } from './content-issue-words.ts';
import { checkLogoSvg } from './brand-logo.ts';
import { checkProductImage } from './product-image.ts';
import { buildChangelogPage, CHANGELOG_BODY_MIN_DEPTH, sortChangelog } from './changelog-page.ts';
import {
  findContentPageClash,
  findSectionShortfall,
  KEBAB_CASE_SLUG,
} from './content-page-rules.ts';
import { listMarkdownEmbeds, parseMarkdownOutline } from './parse-markdown-outline.ts';

/** One problem found in content/, named by file and field. */
export interface ContentIssue {
  readonly file: string;
  readonly field: string;
  readonly message: string;
}

/** Thrown when content/ is missing a fact or holds a wrong one; its message lists every issue. */
export class ContentError extends Error {
  readonly code = 'invalid_content';
  readonly issues: readonly ContentIssue[];

  constructor(issues: readonly ContentIssue[]) {
    super(
      `The content collection has ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n` +
        issues.map((issue) => `  ${issue.file}: ${issue.field}: ${issue.message}`).join('\n'),
    );
    this.name = 'ContentError';
    this.issues = issues;
  }
}

/** Copy file names the site gives a document of its own: /copy/product.md is content/product.md. */
const RESERVED_COPY_SLUGS = new Set(['product']);

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
  const reader = new ContentReader(contentDir);
  const companyData = await reader.yamlData('company.yaml');
  const company = reader.validate('company.yaml', CompanySchema, companyData);
  // The logo and the colours are checked even when another field of the file is wrong.
  const brand = company ?? CompanyBrandSchema.safeParse(companyData).data;
  if (brand) await reader.brand(brand);
  const callsToAction = await reader.yaml('calls-to-action.yaml', CallsToActionSchema);
  const agents = await reader.yaml('agents.yaml', AgentTextSchema);
  const productFile = await reader.markdown('product.md', ProductFrontMatterSchema);
  await reader.productImage(productFile?.data.image);
  const copy = await reader.copySections('copy');
  const pages: Partial<Record<PageName, PageCopy>> = {};
  for (const name of PAGE_NAMES) {
    const page = await reader.markdown(`pages/${name}.md`, PageCopyFrontMatterSchema);
    if (page) pages[name] = { ...page.data, body: page.body };
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
  if (reader.issues.length > 0 || !company || !callsToAction || !agents || !productFile) {
    throw new ContentError(reader.issues);
  }
  return {
    company,
    callsToAction,
    agents,
    product: { ...productFile.data, body: productFile.body },
    copy,
    pages: pages as Record<PageName, PageCopy>,
    contentPages,
    changelog,
  };
}

class ContentReader {
  readonly issues: ContentIssue[] = [];
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
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

  /** The accent colours' contrast in both themes, and the logo file: present and safe. */
  async brand(company: CompanyBrand): Promise<void> {
    for (const problem of checkAccentContrast(company)) {
      this.report('company.yaml', problem.field, problem.message);
    }
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
  async productImage(image: ProductImage | undefined): Promise<void> {
    if (!image) return;
    const imageFile = join(basename(this.#dir), image.file);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(join(this.#dir, image.file));
    } catch {
      this.report('product.md', 'image.file', `names ${imageFile}, which is missing or unreadable`);
      return;
    }
    const check = checkProductImage(image.file, bytes);
    if (check.ok) return;
    for (const problem of check.problems) {
      this.report('product.md', 'image.file', `${imageFile} ${problem}`);
    }
  }

  async markdown<S extends z.ZodType>(
    file: string,
    schema: S,
  ): Promise<{ data: z.output<S>; body: string } | undefined> {
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
    if (frontMatter === undefined) return undefined;
    const data = this.#validate(file, schema, frontMatter ?? {});
    const { body, bodyLine } = split;
    for (const embed of listMarkdownEmbeds(body)) {
      this.report(file, `line ${bodyLine + embed.line - 1}`, describeBodyEmbed(embed.what));
    }
    return data === undefined ? undefined : { data, body };
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
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
        this.report(`${folder}/${name}`, '(file name)', 'must be kebab-case, e.g. our-history.md');
        continue;
      }
      if (RESERVED_COPY_SLUGS.has(slug)) {
        this.report(
          `${folder}/${name}`,
          '(file name)',
          'is taken by the product description (served as /copy/product.md): rename the file',
        );
        continue;
      }
      const file = await this.markdown(`${folder}/${name}`, CopySectionFrontMatterSchema);
      if (!file) continue;
      if (!file.body) {
        this.report(`${folder}/${name}`, '(body)', 'the Markdown body must not be empty');
        continue;
      }
      sections.push({ ...file.data, slug, body: file.body });
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
      const clash = findContentPageClash(slug);
      if (clash) {
        this.report(`${folder}/${name}`, '(file name)', clash);
        continue;
      }
      const file = await this.markdown(`${folder}/${name}`, ContentPageFrontMatterSchema);
      if (!file) continue;
      const shortfall = findSectionShortfall(file.body);
      if (shortfall) {
        this.report(`${folder}/${name}`, '(body)', shortfall);
        continue;
      }
      pages.push({ ...file.data, slug, body: file.body });
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
      if (!KEBAB_CASE_SLUG.test(slug)) {
        this.report(file, '(file name)', 'must be kebab-case, e.g. 2026-11-25-changelog.md');
        continue;
      }
      const entry = await this.markdown(file, ChangelogEntryFrontMatterSchema);
      if (!entry) continue;
      if (!entry.body) {
        this.report(file, '(body)', 'the Markdown body must not be empty: say what changed');
        continue;
      }
      const shallow = parseMarkdownOutline(entry.body).headings.find(
        (heading) => heading.depth < CHANGELOG_BODY_MIN_DEPTH,
      );
      if (shallow) {
        this.report(
          file,
          '(body)',
          `the heading "${shallow.text}" must be level ${CHANGELOG_BODY_MIN_DEPTH} (###) or deeper: the entry's title is its heading`,
        );
        continue;
      }
      entries.push({ ...entry.data, slug, body: entry.body });
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
      this.report(file, where, mistake ?? `is not valid YAML: ${message}${column}`);
      return undefined;
    }
  }

  #validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.output<S> | undefined {
    const result = schema.safeParse(data, { error: describeContentIssue });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        // Each unknown field by its own name, where the owner looks for it.
        for (const key of issue.keys) {
          this.report(file, formatPath([...issue.path, key]), UNKNOWN_FIELD);
        }
      } else {
        this.report(file, formatPath(issue.path), issue.message);
      }
    }
    return undefined;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the whole file)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}
