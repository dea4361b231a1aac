import { SaxesParser, type SaxesTagNS } from 'saxes';
import { findOutsideSvgAllowList } from './svg-allow-list.ts';

/** The largest logo accepted: it is served as the favicon and drawn into the Open Graph image. */
export const LOGO_MAX_BYTES = 32 * 1024;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Namespaces an attribute may be in: none, XLink (`xlink:href`) and XML (`xml:space`). */
const ATTRIBUTE_NAMESPACES = new Set([
  '',
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
]);

/** Elements that run code, embed other documents or load other files. */
const REFUSED_ELEMENTS = new Set([
  'script',
  'foreignObject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'handler',
  'listener',
]);

/** A `url(...)` that names anything but a fragment of the logo itself. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)/i;

/**
 * CSS that loads another resource or runs code without `url()`, in a `<style>`, a style attribute
 * or a presentation attribute (SVG 2 parses those as CSS too): the other image functions, legacy
 * IE and Gecko bindings, and at-rules that fetch.
 */
const CSS_LOADERS =
  /(image-set|image|cross-fade|element|src|expression)\s*\(|-moz-binding|behavior\s*:|javascript:|@(import|font-face|namespace)/i;

/**
 * What is wrong with CSS text (or an attribute value read as CSS): an escape (`\`), which could
 * spell any name (`u\72l(` is `url(`) past every other rule, a `url()` naming another file, or a
 * loader of CSS_LOADERS.
 */
function findCssProblem(text: string): string | undefined {
  if (text.includes('\\')) return 'a CSS escape (\\)';
  if (EXTERNAL_URL.test(text)) return 'url() naming another file (only url(#id))';
  const loader = CSS_LOADERS.exec(text)?.[0];
  return loader ? `${loader.replace(/\s+/g, '')} (loads or runs something)` : undefined;
}

/**
 * Checks that an SVG logo is safe to serve and embed (the XML pass of two; the build runs the
 * allow-list pass, checkLogoAgainstAllowList, on a logo that passes this one): well-formed
 * XML whose root is an SVG `svg` element, at most LOGO_MAX_BYTES, no DOCTYPE (no entities), no
 * processing instruction (no external stylesheet), every element in the SVG namespace, no
 * script-capable or embedding element, no event-handler attribute (`on*`), no `href` other than
 * a fragment (`#id`), and no CSS (style, `<style>`, presentation attributes) with an escape, a
 * `url()` other than a fragment or another loader. Answers the rules it breaks, each naming the
 * element or attribute, empty when it keeps every one; the build refuses such a logo.
 * @see https://www.w3.org/TR/SVG2/interact.html#ScriptElement (what an SVG can run)
 */
export function checkLogoSvg(svg: string): string[] {
  const problems = new Set<string>();
  const bytes = Buffer.byteLength(svg, 'utf8');
  if (bytes > LOGO_MAX_BYTES) {
    return [`is ${bytes} bytes; a logo may have at most ${LOGO_MAX_BYTES}`];
  }
  const parser = new SaxesParser({ xmlns: true });
  const open: string[] = [];
  let root: SaxesTagNS | undefined;
  let malformed: string | undefined;
  parser.on('error', (error) => {
    malformed ??= error.message;
  });
  parser.on('doctype', () => problems.add('has a DOCTYPE (entities are not allowed)'));
  parser.on('processinginstruction', (pi) =>
    problems.add(`has a processing instruction <?${pi.target}?> (none is allowed)`),
  );
  parser.on('opentag', (tag) => {
    root ??= tag;
    open.push(tag.local);
    if (REFUSED_ELEMENTS.has(tag.local)) problems.add(`has a <${tag.local}> element`);
    // The allow-list pass reads the logo with an HTML parser, which knows no prefixes: every
    // element is in the SVG namespace, so both parsers see the same names.
    if (tag.uri !== SVG_NAMESPACE) problems.add(`has a <${tag.name}> element outside SVG`);
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local;
      const value = attribute.value;
      if (!ATTRIBUTE_NAMESPACES.has(attribute.uri)) {
        problems.add(`has an attribute ${attribute.name} in another namespace`);
      }
      if (/^on/i.test(name)) problems.add(`has an event-handler attribute ${attribute.name}`);
      if (name === 'href' && !value.trim().startsWith('#')) {
        problems.add(`has ${attribute.name}="${value.slice(0, 60)}" (only #fragment links)`);
      }
      const css = findCssProblem(value);
      if (css) problems.add(`has ${css} in ${attribute.name}`);
    }
  });
  parser.on('closetag', () => open.pop());
  const readStyle = (text: string) => {
    if (open.at(-1) !== 'style') return;
    const css = findCssProblem(text);
    if (css) problems.add(`has a <style> with ${css}`);
  };
  parser.on('text', readStyle);
  parser.on('cdata', readStyle);
  try {
    parser.write(svg).close();
  } catch (error) {
    malformed ??= error instanceof Error ? error.message : String(error);
  }
  if (malformed !== undefined) return [`is not well-formed XML (${malformed.split('\n')[0]})`];
  if (!root || root.local !== 'svg' || root.uri !== SVG_NAMESPACE) {
    problems.add(`must have an <svg xmlns="${SVG_NAMESPACE}"> root element`);
  }
  return [...problems];
}

/**
 * The allow-list pass: what DOMPurify's SVG profile would remove from a logo that passed
 * checkLogoSvg, each element or attribute named; empty when it would keep everything. Loads jsdom
 * (about a second), so the build runs it once, where it writes the logo, rather than every reader
 * of the content. @see https://github.com/cure53/DOMPurify
 */
export function checkLogoAgainstAllowList(svg: string): Promise<string[]> {
  return findOutsideSvgAllowList(svg);
}

/** The module the build writes to src/generated/brand-logo.ts: the validated logo as text. */
export function renderBrandLogoModule(svg: string): string {
  return [
    '// Written by the build from the logo content/company.yaml names; do not edit.',
    `export const BRAND_LOGO_SVG: string = ${JSON.stringify(svg)};`,
    '',
  ].join('\n');
}
