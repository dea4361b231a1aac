import { cp, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, readSiteContent } from '../../src/site-content/read-site-content.ts';
import { HOME_TEMPLATE_IDS } from '../../src/site-content/heading-ids.ts';
import {
  findContentPageClash,
  RESERVED_PAGE_SLUGS,
} from '../../src/site-content/content-page-rules.ts';
import { SiteContentSchema } from '../../src/schemas/site-content.ts';
import { LinkUrlSchema } from '../../src/schemas/content-urls.ts';
import {
  copyFixtureContent,
  editContentFile,
  readContentIssues,
  removeContentCopy,
  resolveFixtureDir,
} from '../support/fixture-content.ts';
import { listFiles } from '../support/list-files.ts';
import { ROOT } from '../support/processes.ts';

let dir: string;

beforeEach(async () => {
  dir = await copyFixtureContent('rich', 'content-test-');
});

afterEach(() => removeContentCopy(dir));
const edit = (file: string, change: (text: string) => string) => editContentFile(dir, file, change);
const issuesOf = () => readContentIssues(dir);

describe('readSiteContent', () => {
  it("should read the checkout's own collection into valid site content", async () => {
    const content = await readSiteContent(`${ROOT}content`);
    expect(SiteContentSchema.parse(content)).toEqual(content);
    expect(content.callsToAction.length).toBeGreaterThanOrEqual(1);
    expect(content.copy.map((section) => section.order)).toEqual(
      [...content.copy.map((section) => section.order)].sort((a, b) => a - b),
    );
    expect(content.product.body).not.toMatch(/^---/);
  });

  it('should store a URL outside ASCII as the URI it stands for, and keep an ASCII URL as written', async () => {
    const content = await readSiteContent(dir);
    const urls = content.callsToAction.map((action) => action.url);
    expect(urls).toContain(
      'https://minato.example/ja/%E3%81%8A%E5%95%8F%E3%81%84%E5%90%88%E3%82%8F%E3%81%9B',
    );
    expect(urls).toContain('https://boulangerie-generale.example/trial?plan=fournil&weeks=4');
    expect(urls.every((url) => /^[\x21-\x7e]+$/.test(url))).toBe(true);
  });

  it('should read files saved on Windows, with CRLF line ends and a byte-order mark, as the same content', async () => {
    const asWritten = await readSiteContent(dir);
    const texts = (await listFiles(dir)).filter((file) => /\.(?:md|yaml)$/.test(file));
    expect(texts.length).toBeGreaterThan(5);
    for (const file of texts) {
      const text = await readFile(file, 'utf8');
      await writeFile(file, `\uFEFF${text.replace(/\n/g, '\r\n')}`);
    }
    const fromWindows = await readSiteContent(dir);
    expect(JSON.stringify(fromWindows)).not.toContain('\\r');
    expect(fromWindows).toEqual(asWritten);
  });

  it('should name the file and field of a missing fact', async () => {
    await edit('company.yaml', (text) => text.replace(/^tagline:.*$/m, ''));
    expect(await issuesOf()).toEqual(['content/company.yaml: tagline: is required']);
  });

  it.each(['ftp://example.com', 'not a url', 'https://exa mple.com/ü'])(
    'should name the file and field of a wrong URL (%s)',
    async (website) => {
      await edit('company.yaml', (text) => text.replace(/^website:.*$/m, `website: ${website}`));
      expect(await issuesOf()).toEqual([
        `content/company.yaml: website: must be an absolute http(s) URL (it is "${website}")`,
      ]);
    },
  );

  it('should take a mailto: address as a call to action and as the contact address, and refuse any other scheme', async () => {
    const urls = [
      'mailto:ventes@boulangerie.example',
      'MAILTO:Ventes@Boulangerie.example?subject=Devis%20pour%20trois%20boutiques',
      'mailto:',
      'mailto:ventes@boulangerie.example,compta@boulangerie.example',
      'mailto:?subject=Devis',
      'tel:+33472000000',
      'javascript:alert(1)',
      // A subject of two words, as an owner writes it (a Hindi owner's was refused as if the
      // address were wrong), and an address with a space, which is one.
      'mailto:ventes@boulangerie.example?subject=Devis pour trois boutiques',
      'mailto:ven tes@boulangerie.example',
    ];
    await edit('calls-to-action.yaml', (text) => {
      let i = 0;
      return text.replace(/^ {2}url: .*$/gm, (line) => {
        const url = urls[i++];
        return url === undefined ? line : `  url: "${url}"`;
      });
    });
    await edit('company.yaml', (text) =>
      text.replace(/^contactUrl:.*$/m, 'contactUrl: mailto:bonjour@boulangerie.example'),
    );
    const oneAddress = 'must name one e-mail address after mailto, as mailto:sales@example.com';
    const webOrMail =
      'must be an absolute http(s) URL or an e-mail address as mailto:sales@example.com';
    expect(await issuesOf()).toEqual([
      `content/calls-to-action.yaml: [2].url: ${oneAddress} (it is "mailto:")`,
      `content/calls-to-action.yaml: [3].url: ${oneAddress} (it is "mailto:ventes@boulangerie.example,compt…")`,
      `content/calls-to-action.yaml: [4].url: ${oneAddress} (it is "mailto:?subject=Devis")`,
      `content/calls-to-action.yaml: [5].url: ${webOrMail} (it is "tel:+33472000000")`,
      `content/calls-to-action.yaml: [6].url: ${webOrMail} (it is "javascript:alert(1)")`,
      `content/calls-to-action.yaml: [8].url: ${oneAddress} (it is "mailto:ven tes@boulangerie.example")`,
    ]);
    // Stored as the URI it stands for, as a web address with a space is.
    expect(LinkUrlSchema.parse('mailto:ventes@boulangerie.example?subject=Devis pour trois')).toBe(
      'mailto:ventes@boulangerie.example?subject=Devis%20pour%20trois',
    );
  });

  it('should report every problem at once, with list positions', async () => {
    await edit(
      'calls-to-action.yaml',
      (text) =>
        `${text}\n- id: Not Kebab\n  label: x\n  url: https://a.example\n  description: y\n`,
    );
    await edit('copy/methode.md', (text) => text.replace(/^order:.*$/m, 'order: first'));
    const issues = await issuesOf();
    expect(issues).toContain(
      'content/calls-to-action.yaml: [12].id: must be kebab-case, e.g. request-a-quote (it is "Not Kebab")',
    );
    expect(issues.some((issue) => issue.startsWith('content/copy/methode.md: order:'))).toBe(true);
  });

  it("should refuse an image or an <iframe> in a Markdown body, at the file's line, and take one in code for code", async () => {
    await edit('copy/methode.md', (text) => `${text}\n![The oven at 4 a.m.](four.png)\n`);
    await edit(
      'pages/our-bakeries.md',
      (text) =>
        `${text.replace(/\n---\n/, '\n---\n\nSee ![the map][map].\n\n[map]: https://maps.example/lyon.png\n')}\n\n\`![not an image](x.png)\` and \`<img src="x.png">\`\n\n<details>\n<summary>Video</summary>\n\n<iframe src="https://video.example/a"></iframe>\n\n</details>\n`,
    );
    const lines = (await readFile(join(dir, 'copy/methode.md'), 'utf8')).split('\n');
    const imageLine = lines.findIndex((line) => line.startsWith('![The oven')) + 1;
    const pageLines = (await readFile(join(dir, 'pages/our-bakeries.md'), 'utf8')).split('\n');
    const mapLine = pageLines.findIndex((line) => line.startsWith('See ![the map]')) + 1;
    const frameLine = pageLines.findIndex((line) => line.startsWith('<iframe')) + 1;
    const issues = await issuesOf();
    expect(issues).toEqual([
      `content/copy/methode.md: line ${imageLine}: has an image (four.png), which the pages cannot show from a Markdown body: link to it instead ([what it shows](https://…)); the product's picture goes in product.md's image`,
      `content/pages/our-bakeries.md: line ${mapLine}: has an image ([map]), which the pages cannot show from a Markdown body: link to it instead ([what it shows](https://…)); the product's picture goes in product.md's image`,
      `content/pages/our-bakeries.md: line ${frameLine}: has an <iframe>, which the pages cannot show from a Markdown body: link to it instead ([what it shows](https://…)); the product's picture goes in product.md's image`,
    ]);
  });

  it('should refuse a line break in a name, heading, tagline or label', async () => {
    await edit('company.yaml', (text) =>
      text
        .replace(/^name:.*$/m, 'name: "Société Générale\\nDisallow: /"')
        .replace(/^tagline:.*$/m, 'tagline: |\n  Le bon pain,\n  à la bonne heure'),
    );
    await edit('product.md', (text) => text.replace(/^name:.*$/m, 'name: "Fournil\\u2028Pro"'));
    await edit('calls-to-action.yaml', (text) =>
      text.replace(/^ {2}label: Start a four-week trial$/m, '  label: "Start a\\r\\ntrial"'),
    );
    expect((await issuesOf()).sort()).toEqual([
      'content/calls-to-action.yaml: [1].label: must be one line (it is "Start a\\r\\ntrial")',
      'content/company.yaml: name: must be one line (it is "Société Générale\\nDisallow: /")',
      'content/company.yaml: tagline: must be one line (it is "Le bon pain,\\nà la bonne heure")',
      'content/product.md: name: must be one line (it is "Fournil\\u2028Pro")',
    ]);
  });

  it('should refuse a founding date that does not exist and a language tag Intl refuses, once each', async () => {
    for (const [date, locale] of [
      ['1987-02-30', 'en-GB-GB'],
      ['1987-13', 'fr-FR-FR'],
    ]) {
      await edit('company.yaml', (text) =>
        text
          .replace(/^foundingDate:.*$/m, `foundingDate: '${date}'`)
          .replace(/^locale:.*$/m, `locale: ${locale}`),
      );
      expect((await issuesOf()).sort()).toEqual([
        `content/company.yaml: foundingDate: must be a date that exists (month 01 to 12, a day of that month) (it is "${date}")`,
        `content/company.yaml: locale: must be a BCP 47 language tag such as en or en-GB (it is "${locale}")`,
      ]);
    }
    await edit('company.yaml', (text) =>
      text
        .replace(/^foundingDate:.*$/m, 'foundingDate: March 1987')
        .replace(/^locale:.*$/m, 'locale: EN'),
    );
    expect((await issuesOf()).sort()).toEqual([
      'content/company.yaml: foundingDate: must be a year or an ISO 8601 date (it is "March 1987")',
      'content/company.yaml: locale: must be a BCP 47 language tag such as en or en-GB (it is "EN")',
    ]);
  });

  it('should take an unquoted year as the founding year, and refuse any other number', async () => {
    await edit('company.yaml', (text) => text.replace(/^foundingDate:.*$/m, 'foundingDate: 2019'));
    expect((await readSiteContent(dir)).company.foundingDate).toBe('2019');
    for (const number of ['19', '2019.5', '20190', '-2019']) {
      await edit('company.yaml', (text) =>
        text.replace(/^foundingDate:.*$/m, `foundingDate: ${number}`),
      );
      expect(await issuesOf()).toEqual([
        `content/company.yaml: foundingDate: must be text (it is ${number})`,
      ]);
    }
  });

  it('should refuse a duplicate call-to-action id at the entry that repeats it', async () => {
    await edit(
      'calls-to-action.yaml',
      (text) => `${text}\n${/^- [\s\S]*?(?=^- )/m.exec(text)?.[0] ?? ''}`,
    );
    expect(await issuesOf()).toEqual([
      'content/calls-to-action.yaml: [12].id: is also the id of [0] (it is "reserver-une-demonstration"): each call to action needs a unique id',
    ]);
  });

  it("should word whole-file and page-name problems without 'document' or 'window', which Astro's error printer reads as browser globals", async () => {
    // Astro adds "Browser APIs are not available on the server" to the printout of any error whose
    // text holds either word (generateHint in astro/dist/core/errors/dev/utils.js).
    await writeFile(join(dir, 'agents.yaml'), '');
    await writeFile(join(dir, 'company.yaml'), '');
    await writeFile(join(dir, 'calls-to-action.yaml'), '[]\n');
    await cp(join(dir, 'pages/our-bakeries.md'), join(dir, 'pages/copy.md'));
    let refused: unknown;
    await readSiteContent(dir).catch((error: unknown) => (refused = error));
    expect(refused).toBeInstanceOf(ContentError);
    const issues = (refused as ContentError).issues;
    expect([...new Set(issues.map((issue) => issue.file))].sort()).toEqual([
      'content/agents.yaml',
      'content/calls-to-action.yaml',
      'content/company.yaml',
      'content/pages/copy.md',
    ]);
    expect(String(refused)).not.toMatch(/document|window/i);
    await cp(resolveFixtureDir('rich'), dir, { recursive: true });
    await unlink(join(dir, 'pages/copy.md'));
    await edit('calls-to-action.yaml', (text) => `${text}\n${text}`);
    await readSiteContent(dir).catch((error: unknown) => (refused = error));
    expect(String(refused)).toContain('each call to action needs a unique id');
    expect(String(refused)).not.toMatch(/document|window/i);
  });

  it('should refuse unknown fields, each by its name, so a misspelt fact is not silently dropped', async () => {
    await edit('company.yaml', (text) => `${text}\ntagLine: typo\nheadquarter: Lyon\n`);
    await edit('calls-to-action.yaml', (text) =>
      text.replace(/^( {2}label:.*)$/m, '$1\n  lable: x'),
    );
    const unknown =
      'is not a field this file takes: check its spelling (field names are case-sensitive)';
    expect((await issuesOf()).sort()).toEqual([
      `content/calls-to-action.yaml: [0].lable: ${unknown}`,
      `content/company.yaml: headquarter: ${unknown}`,
      `content/company.yaml: tagLine: ${unknown}`,
    ]);
  });

  it('should quote a long wrong value cut to 39 characters, none split in two', async () => {
    await edit('copy/methode.md', (text) =>
      text.replace(/^order:.*$/m, `order: ${'🍞'.repeat(45)}`),
    );
    expect(await issuesOf()).toEqual([
      `content/copy/methode.md: order: must be a number (it is "${'🍞'.repeat(39)}…")`,
    ]);
  });

  it('should print the problems of the example in docs/owners.md, in its words', async () => {
    // The guide's example: a website without its scheme, a priority of 3, an order written as a word.
    const guide = await readFile(join(ROOT, 'docs/owners.md'), 'utf8');
    const example = /### When a fact is wrong[\s\S]*?```text\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const documented = [...example.matchAll(/^ {2}content\/[^:]+: (.+)$/gm)].map(
      (match) => match[1],
    );
    expect(documented).toHaveLength(3);
    // The project's own website without its scheme, as the guide shows it.
    await edit('company.yaml', (text) =>
      text.replace(/^website: .*$/m, 'website: www.lanternfish.example'),
    );
    await edit('calls-to-action.yaml', (text) => text.replace(/^( {2}priority:) \d$/m, '$1 3'));
    await edit('copy/methode.md', (text) => text.replace(/^order:.*$/m, 'order: first'));
    const printed = (await issuesOf()).map((issue) => issue.split(': ').slice(1).join(': '));
    expect(printed.sort()).toEqual(documented.sort());
  });

  it("should say what a wrong value must be and what it is, in words rather than Zod's", async () => {
    await edit('company.yaml', (text) =>
      text
        .replace(/^tagline:.*$/m, 'tagline:')
        .replace(/^alternateName:.*$/m, 'alternateName: 42')
        .replace(/^description:.*$/m, `description: ${'Fresh bread. '.repeat(30)}`),
    );
    await edit('calls-to-action.yaml', (text) =>
      text.replace(/^( {2}priority:) \d$/m, '$1 3').replace(/^( {2}label:).*$/m, '$1 [a, b]'),
    );
    await edit('copy/methode.md', (text) => text.replace(/^order:.*$/m, 'order: -1'));
    await edit('copy/donnees.md', (text) => text.replace(/^order:.*$/m, 'order: 1.5'));
    expect((await issuesOf()).sort()).toEqual([
      'content/calls-to-action.yaml: [0].label: must be text (it is a list)',
      'content/calls-to-action.yaml: [0].priority: must be 1 or 2 (it is 3)',
      'content/company.yaml: alternateName: must be text (it is 42)',
      'content/company.yaml: description: is 389 characters long; at most 300 are allowed (it is "Fresh bread. Fresh bread. Fresh bread. …")',
      'content/company.yaml: tagline: must be text (it is empty)',
      'content/copy/donnees.md: order: must be a whole number (it is 1.5)',
      'content/copy/methode.md: order: must be at least 0 (it is -1)',
    ]);
  });

  it('should name a missing file', async () => {
    await unlink(join(dir, 'pages/docs.md'));
    expect(await issuesOf()).toEqual(['content/pages/docs.md: (file): is missing']);
  });

  it('should report invalid YAML with its line', async () => {
    await edit('agents.yaml', () => 'summary: [unclosed\n');
    expect((await issuesOf())[0]).toMatch(/^content\/agents\.yaml: line \d+: is not valid YAML/);
  });

  it("should report invalid YAML in front matter at the file's own line and column, with no dangling colon", async () => {
    await edit('pages/docs.md', (text) =>
      text.replace(/^---\n(.*)\n/, '---\n$1\nnavLabel: [Docs\n'),
    );
    const [issue] = await issuesOf();
    expect(issue).toMatch(
      /^content\/pages\/docs\.md: line [34]: is not valid YAML: [^:]*[^:\s] \(column \d+\); fix it first, then the file's fields are checked$/,
    );
  });

  it('should say how to quote a value holding ": " or an apostrophe in single quotes, at its line', async () => {
    // A colon and a space inside a value the owner did not quote, on the file's third line.
    await edit('pages/docs.md', (text) =>
      text.replace(/^---\n(.*)\n/, '---\n$1\ndescription: Read this: it matters\n'),
    );
    await edit('company.yaml', (text) =>
      text.replace(/^tagline: .*$/m, "tagline: 'Bake it's way'"),
    );
    expect(await issuesOf()).toEqual([
      `content/company.yaml: line 5: tagline: the value is in single quotes, which its apostrophe ends: write the apostrophe twice (it''s) or put the value in double quotes ("..."); fix it first, then the file's fields are checked`,
      `content/pages/docs.md: line 3: description: its value holds ": ", which YAML reads as the start of another field: put the whole value in double quotes ("..."); fix it first, then the file's fields are checked`,
    ]);
  });

  it('should say how to quote a value that begins with a quotation and goes on, a field or a list entry', async () => {
    // A Hindi owner's guidance began with the question it speaks of; YAML's words were
    // "Unexpected scalar at node end".
    await edit('agents.yaml', (text) =>
      text.replace(/^guidance:\n/m, 'guidance:\n  - "ऑर्डर कैसे करें?" जैसे प्रश्नों का उत्तर दें।\n'),
    );
    await edit('company.yaml', (text) =>
      text.replace(/^tagline: .*$/m, 'tagline: "Fresh" bread, every morning'),
    );
    const quoted = `the value begins with a quotation in double quotes and goes on after it, and YAML reads the quotation as the whole value: put the whole value in single quotes ('...'), writing each apostrophe in it twice (it''s); fix it first, then the file's fields are checked`;
    const agents = (await readFile(join(dir, 'agents.yaml'), 'utf8')).split('\n');
    const line = agents.findIndex((entry) => entry.includes('ऑर्डर')) + 1;
    expect(await issuesOf()).toEqual([
      `content/company.yaml: line 5: tagline: ${quoted}`,
      `content/agents.yaml: line ${line}: ${quoted}`,
    ]);
  });

  it('should say how to quote a list entry that YAML read as a field, for its ": "', async () => {
    await edit('agents.yaml', (text) =>
      text.replace(/^guidance:\n/m, 'guidance:\n  - Do not infer prices: ask the sales team.\n'),
    );
    expect(await issuesOf()).toEqual([
      'content/agents.yaml: guidance[0]: must be text (it is a group of fields): a value holding ": " must be put in double quotes ("...")',
    ]);
  });

  it('should require front matter and a body in Markdown files', async () => {
    await edit('product.md', (text) => text.replace(/^---\n[\s\S]*?\n---\n/, ''));
    await edit('copy/donnees.md', (text) => text.replace(/\n---\n[\s\S]*$/, '\n---\n'));
    const issues = await issuesOf();
    expect(issues).toContain(
      'content/product.md: (front matter): must start with a front matter block between two --- lines',
    );
    expect(issues).toContain(
      'content/copy/donnees.md: (body): the Markdown body must not be empty',
    );
  });

  it('should refuse a copy file whose name is not kebab-case, with the name to give it', async () => {
    await cp(join(dir, 'copy/methode.md'), join(dir, 'copy/About Us.md'));
    // A Vietnamese owner's lower-case name was refused as if it were not in lower case.
    await cp(join(dir, 'copy/methode.md'), join(dir, 'copy/câu-hỏi-đáp.md'));
    await cp(join(dir, 'copy/methode.md'), join(dir, 'copy/ขนมปัง.md'));
    const kebab = 'must be kebab-case (lower-case letters a to z, digits and single hyphens)';
    expect(await issuesOf()).toEqual([
      `content/copy/About Us.md: (file name): ${kebab}: rename it about-us.md`,
      `content/copy/câu-hỏi-đáp.md: (file name): ${kebab}: rename it cau-hoi-dap.md`,
      // Nothing a to z to make a name of: an example instead.
      `content/copy/ขนมปัง.md: (file name): ${kebab}, e.g. our-history.md`,
    ]);
  });
  it('should refuse a copy file named product.md, the path of the product description', async () => {
    await cp(join(dir, 'copy/methode.md'), join(dir, 'copy/product.md'));
    expect(await issuesOf()).toEqual([
      'content/copy/product.md: (file name): is taken by the product description (served as /copy/product.md): rename the file',
    ]);
  });

  it('should refuse a copy file named as an id the home page gives a part of its own', async () => {
    // A section's id on the home page is its file's name: for-developers.md would give the page
    // two elements with the id of its block for developers (the search index failed on it).
    for (const id of HOME_TEMPLATE_IDS.filter((id) => id !== 'product')) {
      await cp(join(dir, 'copy/methode.md'), join(dir, `copy/${id}.md`));
    }
    expect(await issuesOf()).toEqual(
      HOME_TEMPLATE_IDS.filter((id) => id !== 'product')
        .sort()
        .map(
          (id) =>
            `content/copy/${id}.md: (file name): is taken: the home page gives the id ${id} to a part of its own, and a copy section's id is its file's name: rename the file`,
        ),
    );
  });

  it('should refuse a copy file named like a footnote of the home page', async () => {
    // Footnotes on the home page have ids made of their body's key: product-fn-1 is the product's
    // first, copy-methode-fnref-1 points back from the methode section's.
    const names = [
      'product-fn-1',
      'home-fnref-2',
      'copy-methode-fn-1',
      'copy-a-b-footnote-label',
      'product-fn',
      'copy-fn-1',
      'products-fn-1',
    ];
    for (const name of names) await cp(join(dir, 'copy/methode.md'), join(dir, `copy/${name}.md`));
    const refused = names.slice(0, 4).sort();
    expect(await issuesOf()).toEqual(
      refused.map(
        (name) =>
          `content/copy/${name}.md: (file name): is taken: the home page gives ids of this shape to footnotes (product-fn-1, copy-about-fn-1), and a copy section's id is its file's name: rename the file`,
      ),
    );
  });

  it('should name each id of raw HTML in a body that its page already gives another element, at its line', async () => {
    // Two elements with one id break the links to it, and the site search refused the build
    // with MiniSearch's "duplicate ID /#product" for an <h2 id="product"> in a copy section.
    const appended = [
      '',
      '<a id="main"></a>',
      '',
      '<p>Plan: <span id="step-one-the-forecast">the forecast</span>.</p>',
      '',
      '<div class="note" id=presse>A note.</div>',
      '',
      '`<b id="main">` in code, <a id="twice"></a>, <a id=\'twice\'></a> and <span id="kept">one</span>.',
      '',
      '<a id="copy-methode-fn-1"></a><a data-id="main"></a>',
      '',
    ].join('\n');
    const lines = (await readFile(join(dir, 'copy/methode.md'), 'utf8')).split('\n').length;
    await edit('copy/methode.md', (text) => `${text}${appended}`);
    const at = (line: number) => `content/copy/methode.md: line ${lines + line - 1}`;
    await mkdir(join(dir, 'changelog'));
    await writeFile(
      join(dir, 'changelog/2026-11-25-ids.md'),
      '---\ndate: 2026-11-25\napiVersion: 1.0.0\nbreaking: false\ntitle: Ids\n---\n\nOne.\n\n<a id="follow-the-changes"></a>\n',
    );
    const clash = (id: string, holder: string) =>
      `has an element with id="${id}", ${holder}: two elements with one id break the links to it, so choose another id`;
    expect(await issuesOf()).toEqual([
      `${at(2)}: ${clash('main', 'an id the page gives a part of its own')}`,
      `${at(4)}: ${clash('step-one-the-forecast', 'the id of a heading on the page')}`,
      `${at(6)}: ${clash('presse', 'an id the page gives a part of its own')}`,
      `${at(8)}: ${clash('twice', 'an id that HTML before it on the page has')}`,
      `${at(10)}: ${clash('copy-methode-fn-1', 'the id of a footnote on the page')}`,
      `content/changelog/2026-11-25-ids.md: line 10: ${clash('follow-the-changes', 'the id of a heading on the page')}`,
    ]);
  });

  it('should name each code fence or raw HTML block a body never closes, at its line, in every kind of body', async () => {
    // An entry's open fence took in the next entry's title on the joined changelog page.
    const lines = (await readFile(join(dir, 'copy/methode.md'), 'utf8')).split('\n').length;
    await edit('copy/methode.md', (text) => `${text}\n\`\`\`sh\ncurl -s /api/v1/overview\n`);
    await edit('product.md', (text) => `${text}\n<!-- to do: prices\n`);
    await mkdir(join(dir, 'changelog'));
    const entry =
      '---\ndate: 2026-11-25\napiVersion: 1.0.0\nbreaking: false\ntitle: Fences\n---\n\n';
    await writeFile(join(dir, 'changelog/2026-11-25-open.md'), `${entry}One.\n\n~~~~\ncode\n~~~\n`);
    await writeFile(
      join(dir, 'changelog/2026-11-26-closed.md'),
      `${entry}Two.\n\n\`\`\`\`\n\`\`\`\n\`\`\`\`\n\n<pre>\n\nkept\n</PRE>\n`,
    );
    const closeIt = (what: string, opener: string, closer: string) =>
      `opens ${what} with ${opener} that the text never closes: where the site joins this text with others (the changelog page, /index.md, /llms-full.txt), everything after it would be taken in; close it with ${closer}`;
    const productLines = (await readFile(join(dir, 'product.md'), 'utf8')).split('\n');
    const productLine = productLines.indexOf('<!-- to do: prices') + 1;
    expect(await issuesOf()).toEqual([
      `content/product.md: line ${productLine}: ${closeIt('raw HTML', '<!--', '-->')}`,
      `content/copy/methode.md: line ${lines + 1}: ${closeIt('a code block', '```', '``` on a line of its own')}`,
      `content/changelog/2026-11-25-open.md: line 10: ${closeIt('a code block', '~~~~', '~~~~ on a line of its own')}`,
    ]);
  });

  it('should name company.yaml and the colour field whose contrast is under WCAG AA', async () => {
    await edit('company.yaml', (text) =>
      text.replace(/^accentColorDark:.*$/m, 'accentColorDark: "#1f3a93"'),
    );
    const issues = await issuesOf();
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(
      /^content\/company\.yaml: accentColorDark: #1f3a93 has a contrast of \d\.\d\d:1 against the dark theme's page background #10141a; WCAG AA needs at least 4\.5:1 for text$/,
    );
  });

  it('should check the logo and the colours even when another field of company.yaml is wrong', async () => {
    await edit('company.yaml', (text) =>
      text
        .replace(/^website:.*$/m, 'website: not a url')
        .replace(/^accentColorDark:.*$/m, 'accentColorDark: "#1f3a93"'),
    );
    await edit('wheat-mark.svg', (text) =>
      text.replace('<title>', '<script>alert(1)</script><title>'),
    );
    const issues = await issuesOf();
    expect(issues.filter((issue) => issue.includes(': accentColorDark: '))).toHaveLength(2);
    expect(issues).toContain(
      'content/company.yaml: website: must be an absolute http(s) URL (it is "not a url")',
    );
    expect(issues).toContain(
      'content/company.yaml: logo: content/wheat-mark.svg has a <script> element',
    );
  });

  it('should name company.yaml, its logo field and the logo file of an unsafe logo', async () => {
    await edit('wheat-mark.svg', (text) =>
      text.replace('<title>', '<script>alert(1)</script><title>'),
    );
    expect(await issuesOf()).toEqual([
      'content/company.yaml: logo: content/wheat-mark.svg has a <script> element',
    ]);
  });

  it.each(['Wheat-Mark.svg', 'marca-açorcoop.svg', 'wheat_mark.svg'])(
    'should refuse the logo file name %s, present or not, saying the rule it breaks',
    async (name) => {
      await cp(join(dir, 'wheat-mark.svg'), join(dir, name));
      await edit('company.yaml', (text) => text.replace(/^logo:.*$/m, `logo: ${name}`));
      expect(await issuesOf()).toEqual([
        `content/company.yaml: logo: must be a file name in kebab-case (lower-case letters a to z, digits and single hyphens) ending in .svg, e.g. logo.svg (it is "${name}"): rename the file in content/ to match, then the file itself is checked`,
      ]);
    },
  );

  it('should name company.yaml and its logo field when the logo file is missing', async () => {
    await unlink(join(dir, 'wheat-mark.svg'));
    expect(await issuesOf()).toEqual([
      'content/company.yaml: logo: names content/wheat-mark.svg, which is missing or unreadable',
    ]);
  });
});

describe('readSiteContent: the main pages', () => {
  it("should read a main page's navLabel, and refuse an empty or too long one, naming the file", async () => {
    await edit('pages/home.md', (text) => text.replace(/^---\n/, '---\nnavLabel: Accueil\n'));
    expect((await readSiteContent(dir)).pages.home.navLabel).toBe('Accueil');
    await edit('pages/home.md', (text) => text.replace('navLabel: Accueil', "navLabel: ''"));
    await edit('pages/docs.md', (text) =>
      text.replace(/^---\n/, `---\nnavLabel: ${'D'.repeat(41)}\n`),
    );
    const issues = await issuesOf();
    expect(issues).toContainEqual(
      expect.stringMatching(/^content\/pages\/home\.md: navLabel: must not be empty/),
    );
    expect(issues).toContain(
      `content/pages/docs.md: navLabel: is 41 characters long; at most 40 are allowed (it is "${'D'.repeat(39)}…")`,
    );
  });
});

describe('readSiteContent: content pages', () => {
  const PAGE = 'pages/our-bakeries.md';

  it('should read every other file of content/pages as a content page, with its defaults', async () => {
    await writeFile(
      join(dir, 'pages/press.md'),
      '---\ntitle: Press\ndescription: Press releases and contacts of Société Générale de Boulangerie, for journalists.\nheading: Press room\n---\n\nAsk us anything.\n\n## Releases\n\nNone yet.\n\n## Contacts\n\npresse@sgb.example\n',
    );
    const { contentPages, pages } = await readSiteContent(dir);
    expect(Object.keys(pages)).toEqual(['home', 'developers', 'docs']);
    expect(contentPages.map((page) => page.slug)).toEqual([
      'legal-notice',
      'our-bakeries',
      'press',
    ]);
    expect(contentPages[1]).toMatchObject({
      navLabel: 'Boulangeries',
      navOrder: 25,
      llmsSection: 'The company',
    });
    expect(contentPages[2]).toEqual({
      slug: 'press',
      title: 'Press',
      description:
        'Press releases and contacts of Société Générale de Boulangerie, for journalists.',
      heading: 'Press room',
      nav: true,
      footer: false,
      navOrder: 100,
      llmsSection: 'Pages',
      body: 'Ask us anything.\n\n## Releases\n\nNone yet.\n\n## Contacts\n\npresse@sgb.example',
    });
  });

  it.each([
    ['no heading', 'Ask us anything.', 0],
    ['one section', 'Ask us anything.\n\n## Contacts\n\npresse@sgb.example', 1],
    ['a heading in code only', '## Contacts\n\n```text\n## not a heading\n```', 1],
    ['a #### heading', '## Contacts\n\nText.\n\n#### Small print\n\nMore.', 1],
  ])('should refuse a content page with %s, naming the file', async (_, body, count) => {
    await writeFile(
      join(dir, 'pages/press.md'),
      `---\ntitle: Press\ndescription: Press releases and contacts of Société Générale de Boulangerie, for journalists.\nheading: Press room\n---\n\n${body}\n`,
    );
    expect(await issuesOf()).toEqual([
      `content/pages/press.md: (body): needs at least 2 sections under ## or ### headings (it has ${count}): with the page's heading they make the three headings that scanners of pages for agents look for`,
    ]);
  });

  it('should take a setext heading and a # heading as sections', async () => {
    await writeFile(
      join(dir, 'pages/press.md'),
      '---\ntitle: Press\ndescription: Press releases and contacts of Société Générale de Boulangerie, for journalists.\nheading: Press room\n---\n\n# Releases\n\nNone yet.\n\nContacts\n--------\n\npresse@sgb.example\n',
    );
    expect((await readSiteContent(dir)).contentPages.map((page) => page.slug)).toContain('press');
  });

  it('should read a folder without content pages as before: none', async () => {
    await unlink(join(dir, PAGE));
    await unlink(join(dir, 'pages/legal-notice.md'));
    expect((await readSiteContent(dir)).contentPages).toEqual([]);
  });

  it.each([
    ['docs-v2', undefined],
    ['errors', 'is taken: /errors is served by the site (page-errors), so rename the file'],
    ['glossary', 'is taken: /glossary is served by the site (page-glossary), so rename the file'],
    ['api', 'is taken: /api is served by the site (not-found), so rename the file'],
    ['oauth', 'is taken: /oauth is served by the site (not-found), so rename the file'],
    ['mcp', 'is taken: /mcp is served by the site (mcp), so rename the file'],
    ['index', 'is taken: /index.md is served by the site (mirror-home), so rename the file'],
    ['sitemap', 'is taken: /sitemap.md is served by the site (sitemap-md), so rename the file'],
    ['copy', 'is reserved: the site keeps /copy for its own files, so rename the file'],
    ['llms', 'is reserved: the site keeps /llms for its own files, so rename the file'],
  ])('should judge the page file name %s.md', async (slug, message) => {
    expect(findContentPageClash(slug)).toBe(message);
    if (!message) return;
    await cp(join(dir, PAGE), join(dir, `pages/${slug}.md`));
    expect(await issuesOf()).toEqual([`content/pages/${slug}.md: (file name): ${message}`]);
  });

  it('should refuse a page name that is no slug, naming the file', async () => {
    await cp(join(dir, PAGE), join(dir, 'pages/Our Team.md'));
    await cp(join(dir, PAGE), join(dir, 'pages/team_2.md'));
    expect(await issuesOf()).toEqual([
      'content/pages/Our Team.md: (file name): must be kebab-case (lower-case letters a to z, digits and single hyphens): rename it our-team.md',
      'content/pages/team_2.md: (file name): must be kebab-case (lower-case letters a to z, digits and single hyphens): rename it team-2.md',
    ]);
  });

  it('should refuse every reserved name', () => {
    expect(RESERVED_PAGE_SLUGS.size).toBeGreaterThan(0);
    for (const slug of RESERVED_PAGE_SLUGS) expect(findContentPageClash(slug), slug).toBeDefined();
  });

  it('should name the file and field of wrong front matter, defaults included', async () => {
    await edit(PAGE, (text) =>
      text
        .replace(/^navOrder:.*$/m, 'navOrder: soon')
        .replace(/^llmsSection:.*$/m, 'llmsSection: "## Company"')
        .replace(/^heading:.*\n/m, ''),
    );
    expect(await issuesOf()).toEqual([
      'content/pages/our-bakeries.md: heading: is required',
      'content/pages/our-bakeries.md: navOrder: must be a number (it is "soon")',
      'content/pages/our-bakeries.md: llmsSection: must be one line without # (it is "## Company")',
    ]);
  });
});
