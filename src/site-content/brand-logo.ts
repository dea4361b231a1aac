import { SaxesParser, type SaxesTagNS } from 'saxes';

/** The largest logo accepted: it is served as the favicon and drawn into the Open Graph image. */
export const LOGO_MAX_BYTES = 32 * 1024;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

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
 * Checks that an SVG logo is safe to serve and embed: well-formed XML whose root is an SVG `svg`
 * element, at most LOGO_MAX_BYTES, with no DOCTYPE (no entities), no processing instruction (no
 * external stylesheet), no script-capable or embedding element (script, foreignObject, iframe,
 * embed, object, audio, video, handler, listener), no event-handler attribute (`on*`), no `href`
 * other than a fragment (`#id`), no `url()` other than a fragment, and no `<style>` with
 * `@import`. Answers the rules it breaks, empty when it keeps every one.
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
    for (const attribute of Object.values(tag.attributes)) {
      const name = attribute.local;
      const value = attribute.value;
      if (/^on/i.test(name)) problems.add(`has an event-handler attribute ${attribute.name}`);
      if (name === 'href' && !value.trim().startsWith('#')) {
        problems.add(`has ${attribute.name}="${value.slice(0, 60)}" (only #fragment links)`);
      }
      if (EXTERNAL_URL.test(value)) {
        problems.add(`has url() naming another file in ${attribute.name} (only url(#id))`);
      }
    }
  });
  parser.on('closetag', () => open.pop());
  const readStyle = (text: string) => {
    if (open.at(-1) !== 'style') return;
    if (/@import/i.test(text)) problems.add('has a <style> with @import');
    if (EXTERNAL_URL.test(text)) problems.add('has a <style> with url() naming another file');
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

/** The module the build writes to src/generated/brand-logo.ts: the validated logo as text. */
export function renderBrandLogoModule(svg: string): string {
  return [
    '// Written by the build from the logo content/company.yaml names; do not edit.',
    `export const BRAND_LOGO_SVG: string = ${JSON.stringify(svg)};`,
    '',
  ].join('\n');
}
