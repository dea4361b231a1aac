import { resolveDirectionMarks, resolveLanguageMarks } from '../site-content/page-languages.ts';
import { site } from './built-site.ts';

/** The built site's language marks: where its pages say which words are the site's own. */
export const LANGUAGE_MARKS = resolveLanguageMarks(site.content.company.locale);

/** The `dir` of each of those parts: set only when the content is written right to left. */
export const DIRECTION_MARKS = resolveDirectionMarks(site.content.company.locale);
