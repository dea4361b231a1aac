import { BUILT_IN_ROUTES } from '../service/routes.ts';
import { GLOSSARY_COPY, GLOSSARY_TERMS } from './glossary.ts';

/** A root-relative link of the site, to the Markdown version when it names a page. */
function toMarkdownLink(path: string): string {
  const [pathname = '', fragment] = path.split('#');
  // The glossary links only the built-in pages.
  const page = BUILT_IN_ROUTES.findPage(pathname);
  if (!page) return path;
  return fragment ? `${page.markdownPath}#${fragment}` : page.markdownPath;
}

/** The body of the glossary's Markdown version, as glossary.astro renders it: a heading per term. */
export function buildGlossaryMarkdownBody(): string[] {
  return [
    GLOSSARY_COPY.intro,
    '',
    ...GLOSSARY_TERMS.flatMap((term) => [
      `## ${term.term}`,
      '',
      term.definition,
      '',
      `Source: [${term.source.name}](${term.source.url})${term.seeAlso ? ` · Here: [${term.seeAlso.label}](${toMarkdownLink(term.seeAlso.path)})` : ''}`,
      '',
    ]),
  ];
}
