/**
 * Whether an If-None-Match field value names `etag` (or is `*`), by the weak comparison function:
 * `W/"x"` and `"x"` match. A value that is not `*` nor a list of entity-tags matches nothing, so a
 * malformed field never turns a full answer into a 304.
 * @see RFC 9110 §13.1.2 (If-None-Match), §8.8.3 (entity-tag grammar), §8.8.3.2 (weak comparison)
 */
export function matchesIfNoneMatch(field: string, etag: string): boolean {
  // The common revalidation sends back the tag it was given, which is one valid entity-tag.
  if (field === etag || STAR.test(field)) return true;
  const wanted = etag.startsWith('W/') ? etag.slice(2) : etag;
  let matched = false;
  // A comma came since the last entity-tag (empty list elements are allowed, §5.6.1.2).
  let separated = true;
  let index = 0;
  while (index < field.length) {
    const char = field.charCodeAt(index);
    if (char === SPACE || char === TAB) {
      index += 1;
    } else if (char === COMMA) {
      separated = true;
      index += 1;
    } else {
      if (!separated) return false;
      const start = field.startsWith('W/', index) ? index + 2 : index;
      const end = findOpaqueTagEnd(field, start);
      if (end < 0) return false;
      if (!matched && end - start === wanted.length && field.startsWith(wanted, start)) {
        matched = true;
      }
      separated = false;
      index = end;
    }
  }
  return matched;
}

const SPACE = 0x20;
const TAB = 0x09;
const COMMA = 0x2c;
const DQUOTE = 0x22;

/** `*` with optional white space around it (node:http trims it; other callers may not). */
const STAR = /^[ \t]*\*[ \t]*$/;

/**
 * The index just past the opaque-tag starting at `start` (`DQUOTE *etagc DQUOTE`), or -1 when
 * none starts there. etagc is %x21 / %x23-7E / obs-text (%x80-FF): a comma may be inside a tag.
 */
function findOpaqueTagEnd(field: string, start: number): number {
  if (field.charCodeAt(start) !== DQUOTE) return -1;
  for (let index = start + 1; index < field.length; index += 1) {
    const char = field.charCodeAt(index);
    if (char === DQUOTE) return index + 1;
    if (char < 0x21 || char === 0x7f || char > 0xff) return -1;
  }
  return -1;
}
