import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  copyFixtureContent,
  editContentFile,
  readContentIssues,
  removeContentCopy,
} from '../support/fixture-content.ts';

// An owner fixes what one build names, then builds again: every mistake of a file that does not
// wait on another must be named in the first run, and one that waits says what it waits on.

let dir: string;

beforeEach(async () => {
  dir = await copyFixtureContent('rich', 'content-at-once-');
});

afterEach(() => removeContentCopy(dir));
const edit = (file: string, change: (text: string) => string) => editContentFile(dir, file, change);
const issuesOf = () => readContentIssues(dir);

/** The fields of a list of issues, as `file: field`, sorted. */
function fieldsOf(issues: readonly string[]): string[] {
  return issues.map((issue) => issue.split(': ').slice(0, 2).join(': ')).sort();
}

const ONE_SECTION = '\n\nOne paragraph.\n\n## The only section\n\nText.\n';

describe('readSiteContent: every independent mistake in one run', () => {
  it("should name a content page's front matter and its sections together", async () => {
    await writeFile(
      join(dir, 'pages/press.md'),
      `---\ntitle: Press\ndescription: Too short.\nheading: Press room\n---${ONE_SECTION}`,
    );
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/pages/press.md: (body)',
      'content/pages/press.md: description',
    ]);
  });

  it("should check a page's sections and embeds when its front matter is not valid YAML, and say the fields wait on it", async () => {
    await writeFile(
      join(dir, 'pages/press.md'),
      `---\ntitle: [Press\n---${ONE_SECTION}\n![A photo](press.png)\n`,
    );
    const issues = await issuesOf();
    expect(fieldsOf(issues)).toEqual([
      'content/pages/press.md: (body)',
      'content/pages/press.md: line 11',
      'content/pages/press.md: line 2',
    ]);
    expect(issues.find((issue) => issue.includes(': line 2: '))).toMatch(
      /is not valid YAML: .*; fix it first, then the file's fields are checked$/,
    );
  });

  it("should name a page file's name, front matter and sections together", async () => {
    await writeFile(
      join(dir, 'pages/errors.md'),
      `---\ntitle: Errors\ndescription: Too short.\nheading: Errors\n---${ONE_SECTION}`,
    );
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/pages/errors.md: (body)',
      'content/pages/errors.md: (file name)',
      'content/pages/errors.md: description',
    ]);
  });

  it("should name a copy file's name and its front matter and body together", async () => {
    await writeFile(join(dir, 'copy/Our History.md'), '---\ntitle: History\norder: first\n---\n');
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/copy/Our History.md: (body)',
      'content/copy/Our History.md: (file name)',
      'content/copy/Our History.md: description',
      'content/copy/Our History.md: order',
    ]);
  });

  it("should name a changelog entry's name, front matter and headings together", async () => {
    await mkdir(join(dir, 'changelog'));
    await writeFile(
      join(dir, 'changelog/First Change.md'),
      '---\ndate: soon\napiVersion: 1.0.0\nbreaking: false\ntitle: First\n---\n\n## Too high\n\nText.\n',
    );
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/changelog/First Change.md: (body)',
      'content/changelog/First Change.md: (file name)',
      'content/changelog/First Change.md: date',
    ]);
  });

  it("should name product.md's front matter, its empty body and its image file together", async () => {
    await unlink(join(dir, 'fournil-plan.webp'));
    await edit('product.md', (text) =>
      text.replace(/^name:.*$/m, 'name: ""').replace(/\n---\n[\s\S]*$/, '\n---\n'),
    );
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/product.md: (body)',
      'content/product.md: image.file',
      'content/product.md: name',
    ]);
  });

  it("should check the product image's file when its alt text is wrong", async () => {
    await unlink(join(dir, 'fournil-plan.webp'));
    await edit('product.md', (text) => text.replace(/^( +alt:).*$/m, '$1 ""'));
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/product.md: image.alt',
      'content/product.md: image.file',
    ]);
  });

  it("should check the other colour's contrast and the logo when one colour is not #rrggbb, and say its contrast waits on it", async () => {
    await edit('company.yaml', (text) =>
      text
        .replace(/^accentColor:.*$/m, 'accentColor: blue')
        .replace(/^accentColorDark:.*$/m, 'accentColorDark: "#1f3a93"'),
    );
    await edit('wheat-mark.svg', (text) =>
      text.replace('<title>', '<script>alert(1)</script><title>'),
    );
    const issues = await issuesOf();
    expect(fieldsOf(issues)).toEqual([
      'content/company.yaml: accentColor',
      'content/company.yaml: accentColorDark',
      'content/company.yaml: accentColorDark',
      'content/company.yaml: logo',
    ]);
    expect(issues.find((issue) => issue.includes(': accentColor: '))).toMatch(
      /: fix it first, then its contrast is checked$/,
    );
  });

  it('should name a repeated call-to-action id and another wrong field of the list together', async () => {
    await edit(
      'calls-to-action.yaml',
      (text) =>
        `${text.replace(/^( {2}priority:) \d$/m, '$1 3')}\n- id: ${/^- id: (.*)$/m.exec(text)?.[1] ?? ''}\n  label: Again\n  url: https://again.example\n  description: The same id again.\n`,
    );
    expect(fieldsOf(await issuesOf())).toEqual([
      'content/calls-to-action.yaml: [0].priority',
      'content/calls-to-action.yaml: [12].id',
    ]);
  });
});
