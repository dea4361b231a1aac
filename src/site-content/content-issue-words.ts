import type { z } from 'zod';

/** What an unknown field of a content file is told. */
export const UNKNOWN_FIELD =
  'is not a field this file takes: check its spelling (field names are case-sensitive)';

/** How a content error calls each kind of value Zod expects. */
const KINDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
};

/**
 * The words of a content error where the schema gives none of its own, in the words of the
 * others: a missing field is required; a value of the wrong kind, or not one of those allowed,
 * says what it must be and what it is; a value out of its bounds says how long it is and what is
 * allowed (lengths count as the limits do, a string's `length`), instead of Zod's "Invalid input:
 * expected number, received string" or "Too big: expected string to have <=40 characters". Any
 * other issue keeps Zod's message.
 */
export function describeContentIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const { input } = issue;
  if (input === undefined) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      // YAML read a `: ` inside an unquoted value as a field of its own (`- Do not: guess`).
      if (issue.expected === 'string' && isGroupOfFields(input)) {
        return `must be text (it is a group of fields): a value holding ": " must be put in double quotes ("...")`;
      }
      return `must be ${KINDS[issue.expected] ?? issue.expected} (it is ${describeValue(input)})`;
    case 'invalid_value':
      return `must be ${listValues(issue.values)} (it is ${describeValue(input)})`;
    case 'invalid_union': {
      // A choice of literal values (`priority: 1 or 2`): each branch refused the value.
      const choices = issue.errors.map((branch) =>
        branch.length === 1 && branch[0]?.code === 'invalid_value' ? branch[0].values : undefined,
      );
      return choices.every((values) => values !== undefined)
        ? `must be ${listValues(choices.flat())} (it is ${describeValue(input)})`
        : undefined;
    }
    case 'too_big':
    case 'too_small':
      return describeBounds(issue, input);
    default:
      return undefined;
  }
}

function describeBounds(
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall>,
  input: unknown,
): string | undefined {
  const big = issue.code === 'too_big';
  const bound = Number(big ? issue.maximum : issue.minimum);
  // An exclusive bound (`.lt`, `.gt`, `.positive()`) allows one less or one more.
  const limit = issue.inclusive === false ? bound + (big ? -1 : 1) : bound;
  const size =
    typeof input === 'string'
      ? `is ${plural(input.length, 'character')} long`
      : Array.isArray(input)
        ? `has ${plural(input.length, 'entry', 'entries')}`
        : typeof input === 'number'
          ? `is ${input}`
          : undefined;
  if (size === undefined) return undefined;
  if (issue.exact) return `${size}; it must be exactly ${limit}`;
  if (typeof input === 'number') {
    return `must be ${big ? 'at most' : 'at least'} ${limit} (it is ${input})`;
  }
  const verb = limit === 1 ? 'is' : 'are';
  return big
    ? `${size}; at most ${limit} ${verb} allowed`
    : `${size}; at least ${limit} ${verb} needed`;
}

/**
 * Characters a terminal would not show as written, which JSON.stringify leaves as they are: the
 * C1 controls, the line and paragraph separators (a line break to YAML's reader) and the
 * bidirectional controls, which would reorder the message around them.
 */
const UNSEEN_CHARACTERS = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeCharacter(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A value as an owner wrote it, in a few words: YAML's empty value is `null`. */
function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (typeof value === 'string') {
    // Cut by code points, so no character is split in two.
    const characters = [...value];
    const shown = characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : value;
    return JSON.stringify(shown).replace(UNSEEN_CHARACTERS, escapeCharacter);
  }
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  return String(value);
}

/**
 * A refusal with the value it refuses (`must be an absolute http(s) URL (it is "www.example")`),
 * for the messages a schema words itself: a plain value (text, a number, true or false) is quoted
 * after the refusal, before the first ": " that says what to do about it. A message that quotes it
 * already, and an empty text (`must not be empty`), are kept as they are; a list or a group of
 * fields is not quoted, its problems being those of its entries.
 */
export function quoteRefusedValue(message: string, input: unknown): string {
  const plain = ['string', 'number', 'boolean'].includes(typeof input);
  if (!plain || String(input).trim() === '' || message.includes('(it is ')) return message;
  const quote = ` (it is ${describeValue(input)})`;
  const instruction = message.indexOf(': ');
  return instruction === -1
    ? `${message}${quote}`
    : `${message.slice(0, instruction)}${quote}${message.slice(instruction)}`;
}

/** `1 or 2`, `"a", "b" or "c"`. */
function listValues(values: readonly unknown[]): string {
  const words = values.map((value) => JSON.stringify(value) ?? String(value));
  return words.length === 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * What an owner is told of three YAML mistakes owners make, in place of the YAML parser's words
 * (`Nested mappings are not allowed in compact mappings`), by the parser's error code and the
 * line it names: a value holding `: ` unquoted (YAML reads a field inside it), an apostrophe
 * inside a value in single quotes (which ends it), and a value, a field's or a list entry's, that
 * begins with a quotation in double quotes and goes on after it (`- "How do I order?" is asked
 * most`: YAML reads the quotation as the whole value). Undefined for any other error, which keeps
 * the parser's words.
 */
export function describeYamlMistake(code: string, line: string): string | undefined {
  const field = /^\s*(?:- )?([\w-]+):[ \t]+(.*)$/.exec(line);
  const entry = field ? undefined : /^\s*- +(.*)$/.exec(line);
  const name = field?.[1];
  const value = field?.[2] ?? entry?.[1];
  if (value === undefined) return undefined;
  const before = name === undefined ? '' : `${name}: `;
  if (name !== undefined && code === 'BLOCK_AS_IMPLICIT_KEY' && /:[ \t]/.test(value)) {
    return `${name}: its value holds ": ", which YAML reads as the start of another field: put the whole value in double quotes ("...")`;
  }
  if (code === 'UNEXPECTED_TOKEN' && value.startsWith('"')) {
    return `${before}the value begins with a quotation in double quotes and goes on after it, and YAML reads the quotation as the whole value: put the whole value in single quotes ('...'), writing each apostrophe in it twice (it''s)`;
  }
  if (code === 'UNEXPECTED_TOKEN' && value.startsWith("'")) {
    return `${before}the value is in single quotes, which its apostrophe ends: write the apostrophe twice (it''s) or put the value in double quotes ("...")`;
  }
  return undefined;
}

/** A YAML mapping: what a value holding an unquoted `: ` is read as. */
function isGroupOfFields(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
