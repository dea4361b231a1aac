import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quoteRefusedValue } from '../../src/site-content/content-issue-words.ts';
import {
  copyFixtureContent,
  editContentFile,
  readContentIssues,
  removeContentCopy,
} from '../support/fixture-content.ts';

describe('quoteRefusedValue', () => {
  it('should quote the value after the refusal, before what to do about it', () => {
    expect(quoteRefusedValue('must be an absolute http(s) URL', 'www.example.com')).toBe(
      'must be an absolute http(s) URL (it is "www.example.com")',
    );
    expect(quoteRefusedValue('must be #rrggbb: fix it first', 'blue')).toBe(
      'must be #rrggbb (it is "blue"): fix it first',
    );
  });

  it('should keep a message that quotes its value already, and one about an empty text', () => {
    expect(quoteRefusedValue('must be a number (it is "first")', 'first')).toBe(
      'must be a number (it is "first")',
    );
    expect(quoteRefusedValue('must not be empty', '  ')).toBe('must not be empty');
    expect(quoteRefusedValue('list at least one call to action', [])).toBe(
      'list at least one call to action',
    );
  });

  it('should write control, separator and bidirectional characters as escapes, and cut a long value', () => {
    expect(quoteRefusedValue('must be one line', 'a\nb\u0085c\u2028d\u202ee\u0007')).toBe(
      'must be one line (it is "a\\nb\\u0085c\\u2028d\\u202ee\\u0007")',
    );
    expect(quoteRefusedValue('must be one line', 'x'.repeat(50))).toBe(
      `must be one line (it is "${'x'.repeat(39)}…")`,
    );
  });
});

describe('readSiteContent: a refused value is quoted', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await copyFixtureContent('rich', 'content-quotes-');
  });

  afterEach(() => removeContentCopy(dir));

  it('should quote every value a schema refuses in its own words', async () => {
    await editContentFile(dir, 'company.yaml', (text) =>
      text
        .replace(/^website:.*$/m, 'website: www.example.com')
        .replace(/^accentColor:.*$/m, 'accentColor: blue')
        .replace(/^description:.*$/m, 'description: Bread.')
        .replace(/^locale:.*$/m, 'locale: French'),
    );
    const issues = await readContentIssues(dir);
    expect(issues.map((issue) => issue.split(': ').slice(2).join(': ')).sort()).toEqual([
      'is 6 characters long; at least 50 are needed (it is "Bread."): it is the meta description, which search results show under the title',
      'must be a BCP 47 language tag such as en or en-GB (it is "French")',
      'must be a colour of six hex digits, e.g. #1f5f99 (it is "blue"): fix it first, then its contrast is checked',
      'must be an absolute http(s) URL (it is "www.example.com")',
    ]);
  });
});
