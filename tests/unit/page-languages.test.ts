import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentLocale } from '../../src/site-content/content-locale.ts';
import {
  isSameLanguage,
  resolveDirectionMarks,
  resolveLanguageMarks,
  resolvePageDirection,
  resolvePageLanguage,
  resolveTextDirection,
} from '../../src/site-content/page-languages.ts';

describe('the language marks of the site and of its content', () => {
  it('should compare languages by their primary subtag', () => {
    expect(isSameLanguage('en', 'en-GB')).toBe(true);
    expect(isSameLanguage('EN-us', 'en')).toBe(true);
    expect(isSameLanguage('el-GR', 'en')).toBe(false);
    expect(isSameLanguage('zh-Hant-TW', 'zh')).toBe(true);
  });

  it('should mark nothing for content in English, and both languages for content in another', () => {
    expect(resolveLanguageMarks('en-GB')).toEqual({ site: undefined, content: undefined });
    expect(resolveLanguageMarks('en')).toEqual({ site: undefined, content: undefined });
    expect(resolveLanguageMarks('el-GR')).toEqual({ site: 'en', content: 'el-GR' });
    expect(resolveLanguageMarks('fr')).toEqual({ site: 'en', content: 'fr' });
  });

  it("should give a page of the site's words English, and keep an English locale as it is", () => {
    expect(resolvePageLanguage('content', 'el-GR')).toBe('el-GR');
    expect(resolvePageLanguage('site', 'el-GR')).toBe('en');
    expect(resolvePageLanguage('site', 'en-GB')).toBe('en-GB');
    expect(resolvePageLanguage('content', 'en-GB')).toBe('en-GB');
  });

  it('should read the direction of a language from its script', () => {
    for (const locale of ['ar', 'ar-EG', 'he-IL', 'fa-IR', 'ur', 'yi']) {
      expect(resolveTextDirection(locale), locale).toBe('rtl');
    }
    for (const locale of ['en', 'el-GR', 'fr-FR', 'ja-JP', 'zh-Hant-TW', 'ru', 'hi-IN']) {
      expect(resolveTextDirection(locale), locale).toBe('ltr');
    }
    // The script decides, not the language: Azerbaijani in Arabic script is written right to left.
    expect(resolveTextDirection('az-Arab')).toBe('rtl');
    expect(resolveTextDirection('az-Latn')).toBe('ltr');
  });

  it('should mark directions only when the content is written right to left', () => {
    expect(resolveDirectionMarks('en-GB')).toEqual({ site: undefined, content: undefined });
    expect(resolveDirectionMarks('el-GR')).toEqual({ site: undefined, content: undefined });
    expect(resolveDirectionMarks('ar-EG')).toEqual({ site: 'ltr', content: 'rtl' });
    expect(resolveDirectionMarks('he')).toEqual({ site: 'ltr', content: 'rtl' });
    expect(resolvePageDirection('content', 'ar-EG')).toBe('rtl');
    expect(resolvePageDirection('site', 'ar-EG')).toBe('ltr');
    expect(resolvePageDirection('content', 'fr-FR')).toBeUndefined();
  });
});

describe('readContentLocale', () => {
  const withCompany = async (text: string | undefined, read: (dir: string) => void) => {
    const dir = await mkdtemp(join(tmpdir(), 'content-locale-'));
    try {
      if (text !== undefined) await writeFile(join(dir, 'company.yaml'), text);
      read(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it("should read company.yaml's locale, and the schema's default for anything the reader refuses", async () => {
    await withCompany('name: Α\nlocale: el-GR\n', (dir) =>
      expect(readContentLocale(dir)).toBe('el-GR'),
    );
    await withCompany('name: A\n', (dir) => expect(readContentLocale(dir)).toBe('en'));
    await withCompany('locale: en-GB-GB\n', (dir) => expect(readContentLocale(dir)).toBe('en'));
    await withCompany('locale: [el\n', (dir) => expect(readContentLocale(dir)).toBe('en'));
    await withCompany('- a list\n', (dir) => expect(readContentLocale(dir)).toBe('en'));
    await withCompany(undefined, (dir) => expect(readContentLocale(dir)).toBe('en'));
  });
});
