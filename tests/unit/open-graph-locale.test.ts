import { describe, expect, it } from 'vitest';
import { formatOpenGraphLocale } from '../../src/site-content/open-graph-locale.ts';

describe('formatOpenGraphLocale', () => {
  it('should write language_TERRITORY, taking the likely region of a tag without one', () => {
    const cases: [string, string][] = [
      ['en', 'en_US'],
      ['en-GB', 'en_GB'],
      ['el', 'el_GR'],
      ['el-GR', 'el_GR'],
      ['de-CH', 'de_CH'],
      ['pt', 'pt_BR'],
      ['zh', 'zh_CN'],
      ['zh-Hant-TW', 'zh_TW'],
      ['sr-Latn', 'sr_RS'],
      ['es-419', 'es_419'],
    ];
    for (const [tag, expected] of cases) expect(formatOpenGraphLocale(tag), tag).toBe(expected);
  });
});
