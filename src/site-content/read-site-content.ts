import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import {
  AgentTextSchema,
  CallsToActionSchema,
  ChangelogEntryFrontMatterSchema,
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
  type Company,
  type ProductImage,
} from '../schemas/site-content.ts';
import { checkAccentContrast } from './brand-colours.ts';
import { checkLogoSvg } from './brand-logo.ts';
import { checkProductImage } from './product-image.ts';
import { buildChangelogPage, CHANGELOG_BODY_MIN_DEPTH, sortChangelog } from './changelog-page.ts';
import {
  findContentPageClash,
  findSectionShortfall,
  KEBAB_CASE_SLUG,
} from './content-page-rules.ts';
import { parseMarkdownOutline } from './parse-markdown-outline.ts';

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

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/;

/**
 * Reads and validates every file of the content collection. Collects all issues before throwing,
 * so a site owner sees every wrong or missing fact at once, each named by file and field.
 */
export async function readSiteContent(contentDir: string): Promise<SiteContent> {
  const reader = new ContentReader(contentDir);
  const company = await reader.yaml('company.yaml', CompanySchema);
  if (company) await reader.brand(company);
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
    const text = await this.#read(file);
    if (text === undefined) return undefined;
    const data = this.#parseYaml(file, text);
    return data === undefined ? undefined : this.#validate(file, schema, data);
  }

  /** The accent colours' contrast in both themes, and the logo file: present and safe. */
  async brand(company: Company): Promise<void> {
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
    const match = FRONT_MATTER.exec(text);
    if (!match) {
      this.report(
        file,
        '(front matter)',
        'must start with a front matter block between two --- lines',
      );
      return undefined;
    }
    const frontMatter = this.#parseYaml(file, match[1] ?? '');
    if (frontMatter === undefined) return undefined;
    const data = this.#validate(file, schema, frontMatter ?? {});
    return data === undefined ? undefined : { data, body: (match[2] ?? '').trim() };
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
      const text = await readFile(join(this.#dir, file), 'utf8');
      // As written on Windows (CRLF line ends, a byte-order mark some editors put first), the
      // same text: the front matter is found, and no output carries a carriage return.
      return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      this.report(file, '(file)', missing ? 'is missing' : `cannot be read (${String(error)})`);
      return undefined;
    }
  }

  #parseYaml(file: string, text: string): unknown {
    try {
      return parseYaml(text, { prettyErrors: true }) as unknown;
    } catch (error) {
      const where =
        error instanceof YAMLParseError && error.linePos
          ? `line ${error.linePos[0].line}`
          : '(syntax)';
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      this.report(file, where, `is not valid YAML: ${message}`);
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

/** What an unknown field of a content file is told. */
const UNKNOWN_FIELD =
  'is not a field this file takes: check its spelling (field names are case-sensitive)';

/** How a content error calls each kind of value Zod expects. */
const KINDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
};

/**
 * The words of a content error where the schema gives none of its own, in the words of the
 * others: a missing field is required; a value of the wrong kind, or not one of those allowed,
 * says what it must be and what it is; a value out of its bounds says how long it is and what is
 * allowed (lengths count as the limits do, a string's `length`), instead of Zod's "Invalid input:
 * expected number, received string" or "Too big: expected string to have <=40 characters". Any
 * other issue keeps Zod's message.
 */
export function describeContentIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const { input } = issue;
  if (input === undefined) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${KINDS[issue.expected] ?? issue.expected} (it is ${describeValue(input)})`;
    case 'invalid_value':
      return `must be ${listValues(issue.values)} (it is ${describeValue(input)})`;
    case 'invalid_union': {
      // A choice of literal values (`priority: 1 or 2`): each branch refused the value.
      const choices = issue.errors.map((branch) =>
        branch.length === 1 && branch[0]?.code === 'invalid_value' ? branch[0].values : undefined,
      );
      return choices.every((values) => values !== undefined)
        ? `must be ${listValues(choices.flat())} (it is ${describeValue(input)})`
        : undefined;
    }
    case 'too_big':
    case 'too_small':
      return describeBounds(issue, input);
    default:
      return undefined;
  }
}

function describeBounds(
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall>,
  input: unknown,
): string | undefined {
  const big = issue.code === 'too_big';
  const bound = Number(big ? issue.maximum : issue.minimum);
  // An exclusive bound (`.lt`, `.gt`, `.positive()`) allows one less or one more.
  const limit = issue.inclusive === false ? bound + (big ? -1 : 1) : bound;
  const size =
    typeof input === 'string'
      ? `is ${plural(input.length, 'character')} long`
      : Array.isArray(input)
        ? `has ${plural(input.length, 'entry', 'entries')}`
        : typeof input === 'number'
          ? `is ${input}`
          : undefined;
  if (size === undefined) return undefined;
  if (issue.exact) return `${size}; it must be exactly ${limit}`;
  if (typeof input === 'number') {
    return `${size}; it must be ${big ? 'at most' : 'at least'} ${limit}`;
  }
  const verb = limit === 1 ? 'is' : 'are';
  return big
    ? `${size}; at most ${limit} ${verb} allowed`
    : `${size}; at least ${limit} ${verb} needed`;
}

/** A value as an owner wrote it, in a few words: YAML's empty value is `null`. */
function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (typeof value === 'string') {
    // Cut by code points, so no character is split in two.
    const characters = [...value];
    return JSON.stringify(characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : value);
  }
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  return String(value);
}

/** `1 or 2`, `"a", "b" or "c"`. */
function listValues(values: readonly unknown[]): string {
  const words = values.map((value) => JSON.stringify(value) ?? String(value));
  return words.length === 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(document)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}
