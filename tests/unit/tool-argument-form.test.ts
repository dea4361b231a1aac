import { describe, expect, it } from 'vitest';
import { buildToolRunners } from '../../src/mcp/tool-registry.ts';
import {
  checkToolArguments,
  describeArgumentRules,
  listArgumentFields,
  listInitialValues,
  type ArgumentField,
  type ArgumentValue,
} from '../../src/reference/tool-argument-form.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { FIXTURE_COMPANY_NAMES, loadFixtureContent } from '../support/fixture-content.ts';

const SEARCH_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 5, description: 'Words' },
    limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
    section: { type: 'string', enum: ['a', 'b'] },
  },
  required: ['query'],
  additionalProperties: false,
};

/** The shape list_calls_to_action publishes: an optional anyOf of numeric constants. */
const PRIORITY_SCHEMA = {
  type: 'object',
  properties: {
    priority: {
      anyOf: [
        { type: 'number', const: 1 },
        { type: 'number', const: 2 },
      ],
      description: '1 for primary',
    },
  },
  additionalProperties: false,
};

/** Builds an input schema of one optional property. */
function withProperty(property: unknown) {
  return { type: 'object', properties: { x: property } };
}

describe('listArgumentFields', () => {
  it('should read each property with its type, bounds, choices, default and whether it is required', () => {
    expect(listArgumentFields(SEARCH_SCHEMA)).toEqual([
      {
        name: 'query',
        description: 'Words',
        required: true,
        type: 'string',
        minLength: 1,
        maxLength: 5,
      },
      {
        name: 'limit',
        description: '',
        required: false,
        type: 'integer',
        minimum: 1,
        maximum: 20,
        default: 5,
      },
      {
        name: 'section',
        description: '',
        required: false,
        type: 'choice',
        choices: [
          { value: 'a', label: 'a' },
          { value: 'b', label: 'b' },
        ],
      },
    ]);
  });

  it('should make an anyOf of constants a choice of typed values', () => {
    expect(listArgumentFields(PRIORITY_SCHEMA)).toEqual([
      {
        name: 'priority',
        description: '1 for primary',
        required: false,
        type: 'choice',
        choices: [
          { value: 1, label: '1' },
          { value: 2, label: '2' },
        ],
      },
    ]);
  });

  it('should make a const, a numeric enum, a oneOf with titles and a boolean choices', () => {
    const choicesOf = (property: unknown) => listArgumentFields(withProperty(property))[0]?.choices;
    expect(choicesOf({ const: 'only' })).toEqual([{ value: 'only', label: 'only' }]);
    expect(choicesOf({ type: 'integer', enum: [10, 20] })).toEqual([
      { value: 10, label: '10' },
      { value: 20, label: '20' },
    ]);
    expect(
      choicesOf({
        oneOf: [{ const: 'asc', title: 'Oldest first' }, { enum: ['desc', null] }],
      }),
    ).toEqual([
      { value: 'asc', label: 'asc: Oldest first' },
      { value: 'desc', label: 'desc' },
      { value: null, label: 'null' },
    ]);
    expect(choicesOf({ type: 'boolean', default: false })).toEqual([
      { value: true, label: 'true' },
      { value: false, label: 'false' },
    ]);
  });

  it('should keep exclusive bounds, steps and patterns', () => {
    expect(
      listArgumentFields(
        withProperty({
          type: 'number',
          exclusiveMinimum: 0,
          exclusiveMaximum: 1,
          multipleOf: 0.25,
        }),
      )[0],
    ).toMatchObject({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 });
    expect(
      listArgumentFields(withProperty({ type: 'string', pattern: '^[a-z]+$', format: 'slug' }))[0],
    ).toMatchObject({ type: 'string', pattern: '^[a-z]+$' });
  });

  it('should give no fields for a tool without arguments', () => {
    expect(listArgumentFields({ type: 'object', properties: {} })).toEqual([]);
    expect(listArgumentFields({ type: 'object' })).toEqual([]);
  });

  it.each([
    ['a nested object', { type: 'object', properties: {} }, /a nested object/],
    ['an array', { type: 'array', items: { type: 'string' } }, /a nested array/],
    ['a reference', { $ref: '#/$defs/Thing' }, /it uses \$ref/],
    ['a type list', { type: ['string', 'null'] }, /its type \["string","null"\]/],
    ['no type', { description: 'anything' }, /its type undefined/],
    ['an unknown keyword', { type: 'string', not: { const: 'a' } }, /it uses not/],
    [
      'alternatives that are not constants',
      { anyOf: [{ type: 'string' }, { const: 1 }] },
      /alternative 1\): only alternatives of constants/,
    ],
    ['constants that read the same', { enum: [1, '1'] }, /two of its constants read the same/],
    ['an object constant', { const: { a: 1 } }, /is not a scalar/],
    [
      'a broken pattern',
      { type: 'string', pattern: '(' },
      /its pattern is not a regular expression/,
    ],
    ['an empty enum', { enum: [] }, /enum is empty/],
    ['an object default', { type: 'string', default: {} }, /its default is not a scalar/],
  ])('should refuse %s at build time, naming the tool and argument', (_, property, message) => {
    expect(() => listArgumentFields(withProperty(property), 'the t tool')).toThrow(
      new RegExp(`^The try-it form cannot represent the t tool, argument x.*${message.source}`),
    );
  });

  it('should refuse an input schema that is not a plain object schema', () => {
    expect(() => listArgumentFields({ type: 'string' }, 'the t tool')).toThrow(
      /the t tool: it is not an object schema/,
    );
    expect(() => listArgumentFields({ type: 'object', patternProperties: {} })).toThrow(
      /it uses patternProperties/,
    );
    expect(() =>
      listArgumentFields({ type: 'object', properties: {}, required: ['ghost'] }),
    ).toThrow(/required names "ghost", which is not a property/);
  });
});

describe('describeArgumentRules', () => {
  it('should say the kind, range, length, pattern and default in one line', () => {
    const [query, limit, section] = listArgumentFields(SEARCH_SCHEMA);
    expect(query && describeArgumentRules(query)).toBe('text · 1 to 5 characters');
    expect(limit && describeArgumentRules(limit)).toBe('whole number · 1 to 20 · default 5');
    expect(section && describeArgumentRules(section)).toBe('');
    const [ratio, slug, priority] = listArgumentFields({
      type: 'object',
      properties: {
        ratio: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
        slug: { type: 'string', pattern: '^[a-z]+$' },
        priority: { enum: [1, 2], default: 2 },
      },
    });
    expect(ratio && describeArgumentRules(ratio)).toBe('number · more than 0 · a multiple of 0.5');
    expect(slug && describeArgumentRules(slug)).toBe('text · matching ^[a-z]+$');
    expect(priority && describeArgumentRules(priority)).toBe('default 2');
  });
});

describe('checkToolArguments', () => {
  const fields = listArgumentFields(SEARCH_SCHEMA);

  it('should pass typed values and leave empty optional fields out', () => {
    expect(checkToolArguments(fields, { query: ' hi ', limit: '3', section: '' })).toEqual({
      ok: true,
      arguments: { query: 'hi', limit: 3 },
    });
  });

  it('should send the typed value of a chosen constant', () => {
    const [priority] = listArgumentFields(PRIORITY_SCHEMA);
    if (!priority) throw new Error('no field');
    expect(checkToolArguments([priority], { priority: '1' })).toEqual({
      ok: true,
      arguments: { priority: 1 },
    });
    expect(checkToolArguments([priority], { priority: '' })).toEqual({ ok: true, arguments: {} });
    const flags = listArgumentFields({
      type: 'object',
      properties: { on: { type: 'boolean' }, empty: { enum: [null, 'x'] } },
      required: ['on'],
    });
    expect(checkToolArguments(flags, { on: 'false', empty: 'null' })).toEqual({
      ok: true,
      arguments: { on: false, empty: null },
    });
    expect(checkToolArguments(flags, { on: '' })).toEqual({
      ok: false,
      errors: [{ name: 'on', message: 'on is required.' }],
    });
  });

  it('should refuse a missing required field, a wrong type, an out-of-range number, a long string and a value outside the choices', () => {
    const check = checkToolArguments(fields, { query: '', limit: '2.5', section: 'c' });
    expect(check).toEqual({
      ok: false,
      errors: [
        { name: 'query', message: 'query is required.' },
        { name: 'limit', message: 'limit must be a whole number.' },
        { name: 'section', message: 'section must be one of a, b.' },
      ],
    });
    expect(checkToolArguments(fields, { query: 'toolong', limit: '21' })).toEqual({
      ok: false,
      errors: [
        { name: 'query', message: 'query must be at most 5 characters.' },
        { name: 'limit', message: 'limit must be at most 20.' },
      ],
    });
    for (const limit of ['abc', '0x10', '1e', 'Infinity', '0']) {
      expect(checkToolArguments(fields, { query: 'x', limit }), limit).toMatchObject({
        ok: false,
      });
    }
  });

  it('should refuse numbers outside exclusive bounds or off the step, and text off the pattern', () => {
    const [ratio, slug] = listArgumentFields({
      type: 'object',
      properties: {
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 },
        slug: { type: 'string', pattern: '^[a-z]+$' },
      },
    });
    if (!ratio || !slug) throw new Error('no fields');
    const messageOf = (field: ArgumentField, value: string) => {
      const check = checkToolArguments([field], { [field.name]: value });
      return check.ok ? 'ok' : check.errors[0]?.message;
    };
    expect(messageOf(ratio, '0')).toBe('ratio must be more than 0.');
    expect(messageOf(ratio, '1')).toBe('ratio must be less than 1.');
    expect(messageOf(ratio, '0.3')).toBe('ratio must be a multiple of 0.25.');
    expect(messageOf(ratio, '.75')).toBe('ok');
    expect(messageOf(slug, 'Abc')).toBe('slug must match ^[a-z]+$.');
    expect(messageOf(slug, 'abc')).toBe('ok');
  });
});

describe('listInitialValues', () => {
  const fields = listArgumentFields(SEARCH_SCHEMA);

  it("should fill the form with the tool's example as the fields show it", () => {
    expect(listInitialValues(fields, { query: 'hi', limit: 3 })).toEqual({
      query: 'hi',
      limit: '3',
    });
    expect(listInitialValues(listArgumentFields(PRIORITY_SCHEMA), { priority: 1 })).toEqual({
      priority: '1',
    });
    expect(listInitialValues([], undefined)).toEqual({});
  });

  it('should refuse an example the form would refuse or cannot show', () => {
    expect(() => listInitialValues(fields, { query: 'far too long' }, 'the t tool')).toThrow(
      /the t tool: its example is refused \(query must be at most 5 characters\.\)/,
    );
    expect(() => listInitialValues(fields, { query: 'x', other: 1 })).toThrow(
      /its example sets other, which has no field/,
    );
    expect(() => listInitialValues(fields, { query: ['x'] })).toThrow(/example is not a scalar/);
  });
});

/** What an older, naive form would send for a text: the raw text, or a number when it reads as one. */
function sendNaively(field: ArgumentField, text: string): ArgumentValue | undefined {
  if (text.trim() === '') return undefined;
  if (field.type === 'integer' || field.type === 'number') {
    return Number.isNaN(Number(text)) ? text : Number(text);
  }
  return text;
}

/** Texts to try in a field: each of its choices, and values of every kind that may be refused. */
function listCandidateTexts(field: ArgumentField): string[] {
  const choices = (field.choices ?? []).map((choice) => String(choice.value));
  const bounds = [field.minimum, field.maximum, field.minLength, field.maxLength]
    .filter((bound): bound is number => bound !== undefined)
    .flatMap((bound) => [bound - 1, bound, bound + 1]);
  return [
    ...choices,
    '',
    'abc',
    '1.5',
    '-1',
    'not-a-choice',
    ...bounds.map(String),
    ...bounds.filter((length) => length >= 0).map((length) => 'x'.repeat(length)),
  ];
}

describe.each(FIXTURE_COMPANY_NAMES)('the form of every MCP tool of the %s company', (company) => {
  const loading = loadFixtureContent(company).then((content) =>
    loadExpectedSite('https://facts.example.com', content),
  );

  it('should build from every published input schema and send its example exactly', async () => {
    const site = await loading;
    const runners = buildToolRunners(site);
    expect(site.mcpTools.length).toBeGreaterThan(0);
    const kinds = new Set<string>();
    for (const tool of site.mcpTools) {
      const fields = listArgumentFields(tool.inputSchema, tool.name);
      for (const field of fields) kinds.add(`${field.type}${field.required ? '' : '?'}`);
      const initial = listInitialValues(fields, tool.example, tool.name);
      const check = checkToolArguments(fields, initial);
      expect(check, tool.name).toEqual({ ok: true, arguments: tool.example });
      expect(
        runners.get(tool.name)?.inputSchema.safeParse(check.ok && check.arguments).success,
      ).toBe(true);
    }
    // The shapes the tools publish today: a required choice, an optional choice of numbers, a
    // bounded required string and an optional integer with a default.
    expect([...kinds].sort()).toEqual(['choice', 'choice?', 'integer?', 'string']);
  });

  it('should accept only what the tool accepts, and refuse only what the tool refuses', async () => {
    const site = await loading;
    const runners = buildToolRunners(site);
    for (const tool of site.mcpTools) {
      const fields = listArgumentFields(tool.inputSchema, tool.name);
      const example = listInitialValues(fields, tool.example, tool.name);
      const schema = runners.get(tool.name)?.inputSchema;
      for (const field of fields) {
        for (const text of listCandidateTexts(field)) {
          const values = { ...example, [field.name]: text };
          const check = checkToolArguments(fields, values);
          const label = `${tool.name} ${field.name}=${JSON.stringify(text)}`;
          if (check.ok) {
            expect(schema?.safeParse(check.arguments).success, label).toBe(true);
          } else {
            const naive = sendNaively(field, text);
            const sent: Record<string, unknown> = { ...tool.example, [field.name]: naive };
            if (naive === undefined) delete sent[field.name];
            expect(schema?.safeParse(sent).success, label).toBe(false);
          }
        }
      }
    }
  });
});
