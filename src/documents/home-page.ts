import type { CallToAction, SiteContent } from '../schemas/site-content.ts';
import { formatFoundingDate } from '../site-content/page-date.ts';
import { isSameLanguage } from '../site-content/page-languages.ts';
import { formatWebsite } from '../site-content/website-label.ts';

/** The home page's calls to action: one primary, the others grouped as secondary. */
export interface HomeActions {
  readonly primary: CallToAction;
  readonly secondary: readonly CallToAction[];
}

/**
 * Splits the calls to action for the hero: the first of priority 1 (or, when none has priority 1,
 * the first listed) is the one primary button; the rest follow in priority order, then as listed.
 * content/calls-to-action.yaml holds at least one (its schema refuses an empty list).
 * @see issue 27 item 1 (the priority-1 call to action as the only primary button)
 */
export function splitHomeActions(callsToAction: readonly CallToAction[]): HomeActions {
  const [primary, ...secondary] = [...callsToAction].sort((a, b) => a.priority - b.priority);
  if (!primary) throw new Error('content/calls-to-action.yaml lists no call to action');
  return { primary, secondary };
}

/**
 * Whether the tagline says what the heading says (the same words, case and a closing full stop
 * aside): the hero then shows it once, as the heading.
 * @see issue 27 item 1 (a hero with the tagline; never the same line twice)
 */
export function isTaglineInHeading(tagline: string, heading: string): boolean {
  const normalize = (text: string) =>
    text
      .trim()
      .replace(/[.!。．]+$/u, '')
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase();
  return normalize(tagline) === normalize(heading);
}

/** One line of the home page's fact sheet. */
export interface HomeFact {
  readonly label: string;
  readonly value: string;
  /** A link for the value, when it is an address. */
  readonly href?: string;
  /** The date the value says, as written in the content (`2011-06`), when it is a date. */
  readonly datetime?: string;
}

/**
 * The home page's compact fact sheet, from content/company.yaml and content/product.md: founded,
 * headquarters, what the company makes (the product and its category) and the website; a field
 * the content leaves out is left out, never shown empty.
 */
export function listHomeFacts({
  company,
  product,
}: Pick<SiteContent, 'company' | 'product'>): HomeFact[] {
  const facts: HomeFact[] = [];
  if (company.foundingDate) {
    facts.push({
      label: 'Founded',
      value: formatFoundingDate(company.foundingDate, company.locale),
      datetime: company.foundingDate,
    });
  }
  if (company.headquarters) facts.push({ label: 'Headquarters', value: company.headquarters });
  facts.push({
    label: 'What it makes',
    value: product.category
      ? `${product.name}${readComma(company.locale)}${lowerFirstInEnglish(product.category, company.locale)}`
      : product.name,
  });
  facts.push({ label: 'Website', value: formatWebsite(company.website), href: company.website });
  return facts;
}

/**
 * The comma that sets a name and what it is apart, by the script the content's language is
 * written in (its likely script, from CLDR, when the tag names none): `、` in Japanese and Chinese,
 * the Arabic comma in Arabic, Persian and Urdu, the Ethiopic comma in Amharic, a space in Thai,
 * Lao, Khmer and Burmese, which write no comma; elsewhere `, `.
 */
const SCRIPT_COMMAS: Readonly<Record<string, string>> = {
  Jpan: '、',
  Hans: '、',
  Hant: '、',
  Arab: '، ',
  Ethi: '፣ ',
  Thai: ' ',
  Laoo: ' ',
  Khmr: ' ',
  Mymr: ' ',
};
function readComma(locale: string): string {
  const { script = '' } = new Intl.Locale(locale).maximize();
  return SCRIPT_COMMAS[script] ?? ', ';
}

/**
 * In English, "Supply chain visibility" reads as "…, supply chain visibility" after a name; "SaaS"
 * stays. In another language the category stays as written: German writes every noun with a
 * capital ("Kaffeeröstung"), and other languages have rules of their own.
 */
function lowerFirstInEnglish(text: string, locale: string): string {
  if (!isSameLanguage(locale, 'en')) return text;
  // Only a first word of one capital and small letters: "SaaS" or "API" is a name, kept as it is.
  return /^\p{Lu}\p{Ll}*(?!\p{L})/u.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;
}

/** The home page's links for developers and agents, as cards (and list entries in index.md). */
export const HOME_DEVELOPER_LINKS = [
  {
    path: '/developers',
    label: 'Developer portal',
    text: 'Quickstarts for REST and MCP, client set-up and the optional anonymous token.',
  },
  {
    path: '/docs',
    label: 'API reference',
    text: 'Every operation, MCP tool, schema and error, with samples in three languages.',
  },
  { path: '/llms.txt', label: 'llms.txt', text: 'A short index of the whole site for AI agents.' },
] as const;
