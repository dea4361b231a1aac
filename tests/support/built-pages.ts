import { Parser } from 'htmlparser2';
import { join } from 'node:path';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { waitForCopyBuild, type CopyBuild } from './copy-builds.ts';
import { listFiles } from './list-files.ts';

/** Elements whose text is no language and no direction: code, and what is not shown. */
const NO_LANGUAGE = new Set(['script', 'style', 'template', 'code', 'pre', 'kbd', 'svg']);

/** Latin words of three letters or more: the words of the site's English. */
export const LATIN_WORD = /\b[A-Za-z][A-Za-z'’]{2,}\b/g;

/** One shown text of a page (or one read-aloud attribute), with the attribute it inherits. */
export interface InheritedText {
  readonly text: string;
  /** The value of the attribute on the text's element or its nearest ancestor that has one. */
  readonly value: string | undefined;
}

/**
 * Every shown text of a page (outside code and what is not shown), each with the value of
 * `attribute` (`lang`, `dir`) it inherits, and that attribute's value on `<html>`. With
 * `spokenAttributes`, the texts of those attributes too (`aria-label`, `alt`: read aloud in the
 * language of their element).
 */
export function readInheritedTexts(
  page: string,
  html: string,
  attribute: string,
  spokenAttributes: readonly string[] = [],
): { root: string | undefined; texts: InheritedText[] } {
  const texts: InheritedText[] = [];
  const stack: { name: string; value: string | undefined }[] = [];
  let root: string | undefined;
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const value = attributes[attribute] ?? stack.at(-1)?.value;
        if (name === 'html') root = attributes[attribute];
        stack.push({ name, value });
        if (NO_LANGUAGE.has(name)) hidden += 1;
        if (hidden > 0) return;
        for (const spoken of spokenAttributes) {
          const text = attributes[spoken]?.trim();
          if (text) texts.push({ text, value });
        }
      },
      onclosetag(name) {
        const open = stack.pop();
        if (open && NO_LANGUAGE.has(open.name)) hidden -= 1;
        if (open?.name !== name) throw new Error(`${page}: <${name}> closes <${open?.name}>`);
      },
      ontext(data) {
        const text = data.trim();
        if (text && hidden === 0) texts.push({ text, value: stack.at(-1)?.value });
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { root, texts };
}

/** A copy built in the background (copy-builds.ts), with its content and its built pages. */
export interface BuiltCopyPages {
  readonly served: CopyBuild;
  /** The copy's static output, where its pages are. */
  readonly staticDir: string;
  readonly content: SiteContent;
  /** Every HTML page of the build, as a path. */
  readonly pages: readonly string[];
}

/** Waits for the named copy build and reads its content and the list of its HTML pages. */
export async function readBuiltCopyPages(name: string): Promise<BuiltCopyPages> {
  const served = await waitForCopyBuild(name);
  const staticDir = join(served.dir, '.vercel', 'output', 'static');
  return {
    served,
    staticDir,
    content: await readSiteContent(join(served.dir, 'content')),
    pages: (await listFiles(staticDir)).filter((file) => file.endsWith('.html')),
  };
}
