import GithubSlugger, { slug } from 'github-slugger';

/**
 * A heading's text as its id is made from: the capital dotted I (`İ`, of Turkish and
 * Azerbaijani) as `I`. Lower-cased outside those languages, `İ` is `i` with a combining dot above
 * (U+0307), an id an address shows as `i%CC%87` and that no one types: `İstanbul'dan` gave
 * `i̇stanbuldan`, which a link written `#istanbuldan` missed. Turkish lower-cases it to `i`.
 */
const readSlugText = (text: string) => text.replaceAll('İ', 'I');

/** A heading's id in a text alone: GitHub's slug of its text (github-slugger), `İ` read as `I`. */
export function slugHeading(text: string): string {
  return slug(readSlugText(text));
}

/**
 * The ids of a text's headings in turn, as GitHub's slugger gives them (`slug`, `slug-1`…), `İ`
 * read as `I` (slugHeading).
 */
export class HeadingSlugger {
  readonly #slugger = new GithubSlugger();

  slug(text: string): string {
    return this.#slugger.slug(readSlugText(text));
  }
}
