import { describe, expect, it } from 'vitest';
import { checkToolArguments, listArgumentFields } from '../../src/reference/tool-argument-form.ts';

const SEARCH_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 5, description: 'Words' },
    limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
    section: { type: 'string', enum: ['a', 'b'] },
  },
  required: ['query'],
};

describe('listArgumentFields', () => {
  it('should read each property with its type, bounds, enum, default and whether it is required', () => {
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
      { name: 'section', description: '', required: false, type: 'string', enum: ['a', 'b'] },
    ]);
  });

  it('should give no fields for a tool without arguments', () => {
    expect(listArgumentFields({ type: 'object', properties: {} })).toEqual([]);
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

  it('should refuse a missing required field, a wrong type, an out-of-range number, a long string and a value outside the enum', () => {
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
    expect(checkToolArguments(fields, { query: 'x', limit: 'abc' })).toMatchObject({ ok: false });
  });
});
