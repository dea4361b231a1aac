import { describe, expect, it } from 'vitest';
import {
  assertFieldsDescribed,
  buildSchemaFields,
  findUndescribedFields,
} from '../../src/reference/schema-fields.ts';

const COMPONENTS = {
  Link: {
    type: 'object',
    description: 'Where to go next.',
    properties: { href: { type: 'string', format: 'uri', description: 'The target.' } },
    required: ['href'],
  },
  Node: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Its name.' },
      child: { $ref: '#/components/schemas/Node', description: 'The next node.' },
    },
  },
};

describe('buildSchemaFields', () => {
  it('should unfold a component the schema refers to, and take its description for the field', () => {
    const fields = buildSchemaFields(
      {
        type: 'object',
        properties: {
          links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
          title: { type: 'string', description: 'The title.' },
        },
        required: ['title'],
      },
      COMPONENTS,
    );
    expect(fields.map((field) => [field.path, field.required, field.description])).toEqual([
      ['links', false, 'Where to go next.'],
      ['title', true, 'The title.'],
    ]);
    expect(fields[0]?.ref).toBe('Link');
    expect(fields[0]?.children.map((field) => field.path)).toEqual(['links[].href']);
  });

  it('should show a schema that contains itself once, without looping', () => {
    const fields = buildSchemaFields({ $ref: '#/components/schemas/Node' }, COMPONENTS);
    expect(fields.map((field) => field.path)).toEqual(['name', 'child']);
    expect(fields[1]?.children).toEqual([]);
  });
});

describe('assertFieldsDescribed', () => {
  it('should fail naming every field without a description, nested ones by their path', () => {
    const fields = buildSchemaFields(
      {
        type: 'object',
        properties: {
          name: { type: 'string' },
          links: {
            type: 'object',
            description: 'Links.',
            properties: { mcp: { type: 'string' }, docs: { type: 'string', description: 'Docs.' } },
          },
        },
      },
      {},
    );
    expect(findUndescribedFields(fields)).toEqual(['name', 'links.mcp']);
    expect(() => assertFieldsDescribed('Overview', fields)).toThrow(
      /Overview has fields without a description .*: name, links\.mcp$/,
    );
  });

  it('should pass a schema whose every field is described, and count a blank one as missing', () => {
    const described = buildSchemaFields(COMPONENTS.Link, COMPONENTS);
    expect(() => assertFieldsDescribed('Link', described)).not.toThrow();
    const blank = buildSchemaFields(
      { type: 'object', properties: { x: { type: 'string', description: '  ' } } },
      {},
    );
    expect(findUndescribedFields(blank)).toEqual(['x']);
  });
});
