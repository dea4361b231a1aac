import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureContent, resolveFixtureDir } from '../support/fixture-content.ts';
import { buildSite } from '../support/processes.ts';
import { copyProject, removeProjectCopy } from '../support/project-copy.ts';

/** A line of a stack trace: an owner's mistake is reported by its message alone. */
const STACK_LINE = /^\s+at /m;
/** What Astro says above an error a hook throws: an owner's mistake is no fault of the project. */
const HOOK_FAULT = 'An unhandled error occurred';

/** The fixture company whose content each test breaks in one way. */
const FIXTURE = 'minimal';

let project: string;
let brokenContent: string;
let animatedLogo: string;
let logoFile: string;

beforeAll(async () => {
  // The builds run in a temporary copy of the project, never in the work tree.
  project = await copyProject();
  // A missing and a wrong fact, a low-contrast accent, an unsafe logo and a page whose description
  // and sections are both wrong: one build names them all.
  brokenContent = await mkdtemp(join(tmpdir(), 'broken-content-'));
  await cp(resolveFixtureDir(FIXTURE), brokenContent, { recursive: true });
  const company = await readFile(join(brokenContent, 'company.yaml'), 'utf8');
  await writeFile(
    join(brokenContent, 'company.yaml'),
    company
      .replace(/^tagline:.*$/m, '')
      .replace(/^website:.*$/m, 'website: not a url')
      .replace(/^accentColor:.*$/m, 'accentColor: "#8aa4c8"'),
  );
  await writeFile(
    join(brokenContent, 'pages/press.md'),
    '---\ntitle: Press\ndescription: Our press room.\nheading: Press room\n---\n\n## Contacts\n\nText.\n',
  );
  logoFile = (await loadFixtureContent(FIXTURE)).company.logo;
  const logo = await readFile(join(brokenContent, logoFile), 'utf8');
  await writeFile(join(brokenContent, logoFile), logo.replace('<svg ', '<svg onload="alert(1)" '));
  // Passes every XML rule; only the allow-list pass refuses it.
  animatedLogo = await mkdtemp(join(tmpdir(), 'animated-logo-'));
  await cp(resolveFixtureDir(FIXTURE), animatedLogo, { recursive: true });
  await writeFile(
    join(animatedLogo, logoFile),
    logo.replace('</svg>', '<a><set attributeName="href" to="data:,x"/><rect/></a></svg>'),
  );
});

afterAll(async () => {
  if (project) await removeProjectCopy(project);
  await rm(brokenContent, { recursive: true, force: true });
  await rm(animatedLogo, { recursive: true, force: true });
});

describe('astro build', () => {
  it('should fail on a wrong or missing fact, a low-contrast accent, an unsafe logo and a wrong page, naming each file and field at once', async () => {
    const result = await buildSite(project, 'http://127.0.0.1:9', { CONTENT_DIR: brokenContent });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code).not.toBe(0);
    expect(output).toContain('company.yaml: tagline:');
    expect(output).toContain(
      'company.yaml: website: must be an absolute http(s) URL (it is "not a url")',
    );
    expect(output).toContain('pages/press.md: description: is 15 characters long');
    expect(output).toContain('pages/press.md: (body): needs at least 2 sections');
    expect(output).not.toMatch(STACK_LINE);
    expect(output).not.toContain(HOOK_FAULT);
    expect(output).toMatch(
      /company\.yaml: accentColor: #8aa4c8 has a contrast of \d\.\d\d:1 against the light theme's page background #ffffff; WCAG AA needs at least 4\.5:1 for text/,
    );
    expect(output).toContain('company.yaml: logo: ');
    expect(output).toContain(`${logoFile} has an event-handler attribute onload`);
  });

  it("should fail on a logo outside DOMPurify's SVG allow-list, naming the element", async () => {
    const result = await buildSite(project, 'http://127.0.0.1:9', { CONTENT_DIR: animatedLogo });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code).not.toBe(0);
    expect(output).toContain(
      'company.yaml: logo: ' +
        `${animatedLogo.split('/').at(-1)}/${logoFile} has a <set> element, which the SVG allow-list does not allow`,
    );
  });

  it('should fail on a SITE_URL without its scheme, naming the variable', async () => {
    const result = await buildSite(project, 'www.example.com');
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code).not.toBe(0);
    expect(output).toContain(
      'SITE_URL must be an absolute URL such as https://www.example.com, got "www.example.com"',
    );
    expect(output).not.toMatch(STACK_LINE);
  });

  it('should fail on Vercel without OAUTH_SIGNING_KEYS, saying how to make them', async () => {
    const result = await buildSite(project, 'http://127.0.0.1:9', {
      VERCEL: '1',
      OAUTH_SIGNING_KEYS: '',
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code).not.toBe(0);
    expect(output).toContain('OAUTH_SIGNING_KEYS is not set');
    expect(output).toContain('npm run --silent oauth:keys');
    expect(output).not.toMatch(STACK_LINE);
    expect(output).not.toContain(HOOK_FAULT);
  });
});
