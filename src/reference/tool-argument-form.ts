/**
 * The try-it console's form for an MCP tool, read from the tool's published input schema (the
 * descriptor /docs renders), and the check of what a visitor typed before anything is sent: the
 * required fields, each value's type, enum membership and length and range bounds.
 * @see MCP 2025-11-25 server/tools §Tool (inputSchema); JSON Schema 2020-12 Validation §6
 */

/** One field of the form: an argument of the tool and the bounds its schema sets. */
export interface ArgumentField {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
  readonly enum?: readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: string | number | boolean;
}

/** A refusal of one field, with a message that names it. */
export interface ArgumentError {
  readonly name: string;
  readonly message: string;
}

export type ArgumentCheck =
  | { readonly ok: true; readonly arguments: Record<string, string | number | boolean> }
  | { readonly ok: false; readonly errors: readonly ArgumentError[] };

type JsonObject = Record<string, unknown>;

function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}

function readNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function readFieldType(schema: JsonObject): ArgumentField['type'] {
  const type = schema.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return type;
  return 'string';
}

/** The form fields of a tool's input schema, in the schema's property order. */
export function listArgumentFields(inputSchema: unknown): ArgumentField[] {
  const object = asObject(inputSchema);
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(asObject(object.properties)).map(([name, value]) => {
    const schema = asObject(value);
    const bounds = {
      minLength: readNumber(schema.minLength),
      maxLength: readNumber(schema.maxLength),
      minimum: readNumber(schema.minimum),
      maximum: readNumber(schema.maximum),
    };
    const fallback = schema.default;
    return {
      name,
      description: typeof schema.description === 'string' ? schema.description : '',
      required: required.has(name),
      type: readFieldType(schema),
      ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {}),
      ...Object.fromEntries(Object.entries(bounds).filter(([, bound]) => bound !== undefined)),
      ...(typeof fallback === 'string' ||
      typeof fallback === 'number' ||
      typeof fallback === 'boolean'
        ? { default: fallback }
        : {}),
    };
  });
}

/** Checks one typed value against its field: its value for the arguments, or why it is refused. */
function checkField(
  field: ArgumentField,
  raw: string | boolean,
): { value?: string | number | boolean; message?: string } {
  if (field.type === 'boolean') return { value: raw === true || raw === 'true' };
  const text = String(raw).trim();
  if (text === '') return field.required ? { message: `${field.name} is required.` } : {};
  if (field.enum && !field.enum.includes(text)) {
    return { message: `${field.name} must be one of ${field.enum.join(', ')}.` };
  }
  if (field.type === 'integer' || field.type === 'number') {
    const number = Number(text);
    if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isInteger(number))) {
      return {
        message: `${field.name} must be ${field.type === 'integer' ? 'a whole number' : 'a number'}.`,
      };
    }
    if (field.minimum !== undefined && number < field.minimum) {
      return { message: `${field.name} must be at least ${field.minimum}.` };
    }
    if (field.maximum !== undefined && number > field.maximum) {
      return { message: `${field.name} must be at most ${field.maximum}.` };
    }
    return { value: number };
  }
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return { message: `${field.name} must be at least ${field.minLength} characters.` };
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return { message: `${field.name} must be at most ${field.maxLength} characters.` };
  }
  return { value: text };
}

/**
 * Checks what was typed into a tool's form. Empty optional fields are left out, so the tool's own
 * defaults apply; every refusal names its field.
 */
export function checkToolArguments(
  fields: readonly ArgumentField[],
  values: Readonly<Record<string, string | boolean | undefined>>,
): ArgumentCheck {
  const errors: ArgumentError[] = [];
  const checked: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const { value, message } = checkField(field, values[field.name] ?? '');
    if (message) errors.push({ name: field.name, message });
    else if (value !== undefined) checked[field.name] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, arguments: checked };
}
