import { Parser } from 'htmlparser2';
import type { PageSection } from '../documents/page-search.ts';

/** Elements whose content is no readable text of the page. */
const SKIPPED_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'svg', 'button']);

/** Elements that end a run of words, so the text of two cells or paragraphs never runs together. */
const INLINE_ELEMENTS = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  // A line-break opportunity inside a word (`application/<wbr>json`): no word ends there.
  'wbr',
]);

const HEADING = /^h[1-6]$/;

/** One section while its text is collected. */
interface OpenSection {
  url: string;
  heading: string;
  text: string[];
  code: string[];
  lang: string;
}

/** Where the text read now goes: the prose of a section or a marked element, and its code. */
interface TextSink {
  readonly text: string[];
  readonly code: string[];
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Splits a built page into the sections the search lists: the text of its `<main>`, cut at each
 * heading that has an `id` (the section's anchor); the text before the first such heading belongs
 * to the page itself. Elements marked `data-search-ignore` (the heading links, the page actions,
 * the note for agents, the content's words that a reference table quotes), hidden elements,
 * scripts, styles and buttons are left out. The text of an element marked
 * `data-search-section="<id>"` (a card that leads to a section further down, such as the home
 * page's list of the copy sections) belongs to the section of that id, wherever the element
 * stands, and to no section when the page has none of that id. The text of a `<pre>`
 * (a request sample, an example body) is the section's `code`, apart from its prose `text`: the
 * search weighs it less, since its words are an example's, not what the section is about. The
 * page's title is its first `h1`, else its `<title>`. With `languages` (a site whose content is
 * not in English), each section carries the language its heading inherits, and the page's title
 * its own.
 * @see https://html.spec.whatwg.org/multipage/sections.html#headings-and-outlines
 */
export function readPageSections(
  html: string,
  path: string,
  options: { readonly languages?: boolean } = {},
): PageSection[] {
  // The `lang` each open element inherits, innermost last.
  const langs: string[] = [];
  let titleLang = '';
  let title = '';
  let documentTitle = '';
  let mainDepth = 0;
  let skipDepth = 0;
  let inTitle = false;
  let preDepth = 0;
  let heading: { name: string; id: string | undefined; text: string[]; lang: string } | undefined;
  const sections: OpenSection[] = [{ url: path, heading: '', text: [], code: [], lang: '' }];
  // The text of the elements marked `data-search-section`, by the id of the section it joins,
  // and the open such element: its depth in elements and where its text goes.
  const moved = new Map<string, TextSink>();
  let mover: { depth: number; sink: TextSink } | undefined;
  /**
   * Where the text read now goes: an open heading, else the code or the prose of a marked
   * element, else of the last section.
   */
  const collect = () => {
    if (heading) return heading.text;
    const sink: TextSink | undefined = mover?.sink ?? sections.at(-1);
    return preDepth > 0 ? sink?.code : sink?.text;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        langs.push(attributes.lang ?? langs.at(-1) ?? '');
        if (name === 'html' && sections[0]) sections[0].lang = langs.at(-1) ?? '';
        if (name === 'title') inTitle = true;
        if (name === 'main') mainDepth += 1;
        if (mainDepth === 0) return;
        if (
          skipDepth > 0 ||
          SKIPPED_ELEMENTS.has(name) ||
          'data-search-ignore' in attributes ||
          'hidden' in attributes
        ) {
          skipDepth += 1;
          return;
        }
        if (HEADING.test(name) && !heading) {
          heading = { name, id: attributes.id || undefined, text: [], lang: langs.at(-1) ?? '' };
          return;
        }
        if (mover) mover.depth += 1;
        else if (attributes['data-search-section']) {
          const sink = moved.get(attributes['data-search-section']) ?? { text: [], code: [] };
          moved.set(attributes['data-search-section'], sink);
          mover = { depth: 1, sink };
        }
        // The space that opens or closes a code block is its own, so two blocks never run together.
        if (name === 'pre') preDepth += 1;
        if (!INLINE_ELEMENTS.has(name)) collect()?.push(' ');
      },
      ontext(data) {
        if (inTitle) documentTitle += data;
        if (mainDepth === 0 || skipDepth > 0) return;
        collect()?.push(data);
      },
      onclosetag(name) {
        langs.pop();
        if (name === 'title') inTitle = false;
        if (mainDepth === 0) return;
        if (skipDepth > 0) {
          skipDepth -= 1;
          return;
        }
        if (name === 'main') {
          mainDepth -= 1;
          return;
        }
        if (heading && name === heading.name) {
          const { id, lang } = heading;
          const text = tidy(heading.text.join(''));
          heading = undefined;
          if (name === 'h1' && !title) {
            title = text;
            titleLang = lang;
          } else if (id) {
            sections.push({ url: `${path}#${id}`, heading: text, text: [], code: [], lang });
          } else collect()?.push(` ${text} `);
          return;
        }
        if (!INLINE_ELEMENTS.has(name)) collect()?.push(' ');
        if (name === 'pre') preDepth -= 1;
        if (mover) {
          mover.depth -= 1;
          if (mover.depth === 0) mover = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  for (const section of sections) {
    const id = section.url.slice(path.length + 1);
    const sink = section.url === path ? undefined : moved.get(id);
    section.text.push(' ', ...(sink?.text ?? []));
    section.code.push(' ', ...(sink?.code ?? []));
  }
  const page = title || tidy(documentTitle) || path;
  const pageLang = titleLang || sections[0]?.lang || '';
  return sections
    .map((section, index) => {
      const code = tidy(section.code.join(''));
      return {
        url: section.url,
        page,
        heading: section.heading || page,
        text: tidy(section.text.join('')),
        ...(code ? { code } : {}),
        ...(options.languages
          ? { lang: (index === 0 ? pageLang : section.lang) || pageLang, pageLang }
          : {}),
      };
    })
    .filter((section, index) => index > 0 || section.text || section.code);
}
