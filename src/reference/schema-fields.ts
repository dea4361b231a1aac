/**
 * The fields of a JSON Schema as a tree a reader unfolds: each property with its type, whether it
 * is required and its description, and the fields of a nested object (inline or a component
 * schema) under it. The reference's pages show every response, argument and schema this way, and
 * the build fails on a field without a description, naming it.
 * @see https://json-schema.org/draft/2020-12/json-schema-core (properties, $ref)
 */

import { describeSchemaType } from './api-reference.ts';

type JsonObject = Record<string, unknown>;

/** One field: a property of an object schema, with the fields of its own object value. */
export interface SchemaField {
  readonly name: string;
  /** The dotted path from the schema's root (`links.mcp`, `tools[].name`), for messages. */
  readonly path: string;
  readonly type: string;
  /** The component schema the type refers to, for a link to its page. */
  readonly ref?: string | undefined;
  readonly required: boolean;
  readonly description: string;
  readonly children: readonly SchemaField[];
}

function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}

function readRef(schema: JsonObject): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined;
}

/** The object schema whose properties a value of this schema has, if any: through $ref, items, anyOf. */
function findObjectSchema(
  schema: unknown,
  components: Readonly<Record<string, unknown>>,
  seen: ReadonlySet<string>,
): { schema: JsonObject; seen: ReadonlySet<string> } | undefined {
  const object = asObject(schema);
  const ref = readRef(object);
  if (ref) {
    // A schema that contains itself is shown once: its page has the rest.
    if (seen.has(ref)) return undefined;
    return findObjectSchema(components[ref], components, new Set([...seen, ref]));
  }
  if (object.properties) return { schema: object, seen };
  if (object.items) return findObjectSchema(object.items, components, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = object[key];
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      const found = findObjectSchema(part, components, seen);
      if (found) return found;
    }
  }
  return undefined;
}

function listFields(
  object: JsonObject,
  components: Readonly<Record<string, unknown>>,
  seen: ReadonlySet<string>,
  prefix: string,
): SchemaField[] {
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(asObject(object.properties)).map(([name, value]) => {
    const property = asObject(value);
    const { type, ref } = describeSchemaType(property);
    const path = `${prefix}${name}`;
    const own = typeof property.description === 'string' ? property.description : '';
    // A field that is a component schema may take that schema's description as its own.
    const referred = ref ? asObject(components[ref]).description : undefined;
    const nested = findObjectSchema(property, components, seen);
    const isArray = property.type === 'array';
    return {
      name,
      path,
      type,
      ref,
      required: required.has(name),
      description: own || (typeof referred === 'string' ? referred : ''),
      children: nested
        ? listFields(nested.schema, components, nested.seen, `${path}${isArray ? '[]' : ''}.`)
        : [],
    };
  });
}

/**
 * The fields of a schema (an object, a $ref to one, an array of them), nested objects unfolded;
 * `components` resolves `$ref`s (`#/components/schemas/<name>` or `#/$defs/<name>`).
 */
export function buildSchemaFields(
  schema: unknown,
  components: Readonly<Record<string, unknown>>,
): SchemaField[] {
  const root = findObjectSchema(schema, components, new Set());
  return root ? listFields(root.schema, components, root.seen, '') : [];
}

/** The paths of every field of these trees, at any depth, that has no description. */
export function findUndescribedFields(fields: readonly SchemaField[]): string[] {
  return fields.flatMap((field) => [
    ...(field.description.trim() === '' ? [field.path] : []),
    ...findUndescribedFields(field.children),
  ]);
}

/**
 * Fails, naming every field without a description, so the build stops before it publishes a
 * reference a reader cannot understand (describe the field in its zod schema in src/schemas).
 */
export function assertFieldsDescribed(schemaName: string, fields: readonly SchemaField[]): void {
  const missing = findUndescribedFields(fields);
  if (missing.length > 0) {
    throw new Error(
      `${schemaName} has fields without a description (add .describe() to its zod schema): ${missing.join(', ')}`,
    );
  }
}
