import {
  resolveDirectionMarks,
  resolveLanguageMarks,
  type PageLanguage,
  type TextDirection,
} from '../site-content/page-languages.ts';
import { site } from './built-site.ts';

/** The built site's language marks: where its pages say which words are the site's own. */
export const LANGUAGE_MARKS = resolveLanguageMarks(site.content.company.locale);

/** The `dir` of each of those parts: set only when the content is written right to left. */
export const DIRECTION_MARKS = resolveDirectionMarks(site.content.company.locale);

/** A part's `lang` and `dir`, each undefined (no attribute) when it says nothing. */
export interface WordMarks {
  readonly lang: string | undefined;
  readonly dir: TextDirection | undefined;
}

/**
 * The `lang` and `dir` of a part written in the site's words or in the content's, together, to
 * spread on its element (`<p {...WORD_MARKS.site}>`), so that no part gets one without the
 * other. A part marked only for its accessible name keeps the page's direction: it takes
 * `lang={LANGUAGE_MARKS.site}` alone (docs/pages.md, "Languages").
 */
export const WORD_MARKS: Readonly<Record<PageLanguage, WordMarks>> = {
  site: { lang: LANGUAGE_MARKS.site, dir: DIRECTION_MARKS.site },
  content: { lang: LANGUAGE_MARKS.content, dir: DIRECTION_MARKS.content },
};

/** No marks: a part in the page's own words. */
export const NO_WORD_MARKS: WordMarks = { lang: undefined, dir: undefined };
