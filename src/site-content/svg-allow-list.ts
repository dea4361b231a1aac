/**
 * The allow-list pass of the logo check: DOMPurify's SVG profile (SVG and SVG filter elements and
 * attributes, maintained by Cure53 against the known SVG script-injection vectors), run at build
 * time in jsdom. What DOMPurify would remove is what the logo must not hold; the build refuses it
 * rather than shipping a changed logo, so the owner sees which element or attribute to fix.
 * @see https://github.com/cure53/DOMPurify (USE_PROFILES: svg, svgFilters)
 */

/**
 * Elements DOMPurify's profile leaves out but the logo check allows: `<use>`, whose `href` the
 * XML pass already holds to a fragment of the logo itself (`#id`), as design tools export it.
 */
const ADDED_TAGS = ['use'];

type Purifier = (svg: string) => string[];

let purifier: Promise<Purifier> | undefined;

/** Loads jsdom and DOMPurify once, on the first logo checked (never in a function bundle). */
function loadPurifier(): Promise<Purifier> {
  purifier ??= Promise.all([import('jsdom'), import('dompurify')]).then(
    ([{ JSDOM }, { default: createDOMPurify }]) => {
      const purify = createDOMPurify(new JSDOM('').window);
      return (svg) => {
        purify.sanitize(svg, {
          USE_PROFILES: { svg: true, svgFilters: true },
          ADD_TAGS: ADDED_TAGS,
        });
        return purify.removed.flatMap((removed) => {
          if ('element' in removed && removed.element) {
            const name = removed.element.nodeName;
            // The HTML parser's wrapper around the fragment, not part of the logo.
            if (name === 'BODY' || name === 'HTML' || name === 'HEAD') return [];
            return [`has a <${name}> element, which the SVG allow-list does not allow`];
          }
          if ('attribute' in removed && removed.attribute) {
            const owner = removed.from?.nodeName ?? 'an element';
            return [
              `has ${removed.attribute.name}="${removed.attribute.value.slice(0, 60)}" on <${owner}>, which the SVG allow-list does not allow`,
            ];
          }
          return [];
        });
      };
    },
  );
  return purifier;
}

/**
 * Lists what DOMPurify's SVG profile would remove from the logo: every element and attribute
 * outside its allow-list (script, foreignObject, set, animate, event handlers, javascript: and
 * data: links, attributeName="href", ...), each named. Empty when it would keep everything.
 */
export async function findOutsideSvgAllowList(svg: string): Promise<string[]> {
  const purify = await loadPurifier();
  return [...new Set(purify(svg))];
}
