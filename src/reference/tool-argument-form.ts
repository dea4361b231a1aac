/**
 * The try-it console's form for an MCP tool, read from the tool's published input schema (the
 * descriptor the docs render), and the check of what a visitor entered before anything is sent.
 * Every keyword of the schema is either understood or refused here, at build time, so no tool
 * gets a form that sends what it would reject: `enum`, `const` and `anyOf`/`oneOf` of constants
 * (and booleans) become a choice that sends the typed value; strings, integers and numbers a text
 * field with their bounds; nested objects and arrays have no form and fail the build.
 * @see MCP 2025-11-25 server/tools §Tool (inputSchema); JSON Schema 2020-12 Validation §6
 */

/** A value a form field can send: JSON's scalars. */
export type ArgumentValue = string | number | boolean | null;

/** One option of a choice field: the typed value it sends and the text the option shows. */
export interface ArgumentChoice {
  readonly value: ArgumentValue;
  readonly label: string;
}

/** One field of the form: an argument of the tool and the rules its schema sets. */
export interface ArgumentField {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'choice';
  /** The options of a choice field (`enum`, `const`, `anyOf`/`oneOf` of constants, booleans). */
  readonly choices?: readonly ArgumentChoice[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly default?: ArgumentValue;
}

/** A refusal of one field, with a message that names it. */
export interface ArgumentError {
  readonly name: string;
  readonly message: string;
}

export type ArgumentCheck =
  | { readonly ok: true; readonly arguments: Record<string, ArgumentValue> }
  | { readonly ok: false; readonly errors: readonly ArgumentError[] };

type JsonObject = Record<string, unknown>;

/** Keywords that only describe a value: every schema may carry them. */
const ANNOTATIONS = [
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
];
/** What each kind of field understands besides the annotations; anything else is refused. */
const KEYWORDS = {
  string: ['type', 'minLength', 'maxLength', 'pattern', 'format'],
  integer: ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: ['type'],
  choice: ['type', 'enum', 'const', 'anyOf', 'oneOf'],
  object: ['type', 'properties', 'required', 'additionalProperties', '$schema'],
} as const;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isArgumentValue(value: unknown): value is ArgumentValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Refuses a schema the form cannot represent, naming where and why, so the build stops there. */
function refuse(where: string, why: string): never {
  throw new Error(`The try-it form cannot represent ${where}: ${why}`);
}

function checkKeywords(schema: JsonObject, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(schema).filter(
    (key) => !allowed.includes(key) && !ANNOTATIONS.includes(key),
  );
  if (unknown.length > 0) refuse(where, `it uses ${unknown.join(', ')}`);
}

function readNumber(schema: JsonObject, key: string, where: string): number | undefined {
  const value = schema[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) refuse(where, `${key} is not a number`);
  return value;
}

/** The constants a choice schema allows: its `const`, its `enum`, or its branches' constants. */
function readChoiceValues(schema: JsonObject, where: string): ArgumentChoice[] {
  checkKeywords(schema, KEYWORDS.choice, where);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches !== undefined) {
    if (!Array.isArray(branches) || branches.length === 0) refuse(where, 'anyOf/oneOf is empty');
    return branches.flatMap((branch, index) => {
      const at = `${where} (alternative ${index + 1})`;
      if (!isObject(branch) || !('const' in branch || 'enum' in branch)) {
        refuse(at, 'only alternatives of constants become a choice');
      }
      const title = typeof branch.title === 'string' ? branch.title : undefined;
      return readChoiceValues(branch, at).map((choice) =>
        title ? { value: choice.value, label: `${choice.label}: ${title}` } : choice,
      );
    });
  }
  const values = 'const' in schema ? [schema.const] : schema.enum;
  if (!Array.isArray(values) || values.length === 0) refuse(where, 'enum is empty');
  return values.map((value) => {
    if (!isArgumentValue(value)) refuse(where, `${JSON.stringify(value)} is not a scalar`);
    return { value, label: value === null ? 'null' : String(value) };
  });
}

function isRegularExpression(pattern: string): boolean {
  try {
    return RegExp(pattern, 'u') instanceof RegExp;
  } catch {
    return false;
  }
}

/** The type and rules of one property schema, or a refusal naming the keyword it cannot handle. */
function readFieldRules(
  schema: JsonObject,
  where: string,
): Omit<ArgumentField, 'name' | 'required' | 'description'> {
  if ('const' in schema || 'enum' in schema || 'anyOf' in schema || 'oneOf' in schema) {
    const choices = readChoiceValues(schema, where);
    // An option sends the typed value its text names, so no two may read the same (1 and "1").
    const texts = new Set(choices.map((choice) => formatArgumentValue(choice.value)));
    if (texts.size !== choices.length) refuse(where, 'two of its constants read the same');
    return { type: 'choice', choices };
  }
  const type = schema.type;
  if (type === 'boolean') {
    checkKeywords(schema, KEYWORDS.boolean, where);
    return {
      type: 'choice',
      choices: [
        { value: true, label: 'true' },
        { value: false, label: 'false' },
      ],
    };
  }
  if (type === 'string') {
    checkKeywords(schema, KEYWORDS.string, where);
    const pattern = schema.pattern;
    if (pattern !== undefined && typeof pattern !== 'string') refuse(where, 'pattern is not text');
    if (typeof pattern === 'string' && !isRegularExpression(pattern)) {
      refuse(where, 'its pattern is not a regular expression');
    }
    return {
      type,
      ...withDefinedRules({
        minLength: readNumber(schema, 'minLength', where),
        maxLength: readNumber(schema, 'maxLength', where),
        pattern,
      }),
    };
  }
  if (type === 'integer' || type === 'number') {
    checkKeywords(schema, KEYWORDS.integer, where);
    return {
      type,
      ...withDefinedRules({
        minimum: readNumber(schema, 'minimum', where),
        maximum: readNumber(schema, 'maximum', where),
        exclusiveMinimum: readNumber(schema, 'exclusiveMinimum', where),
        exclusiveMaximum: readNumber(schema, 'exclusiveMaximum', where),
        multipleOf: readNumber(schema, 'multipleOf', where),
      }),
    };
  }
  if (type === 'object' || type === 'array') {
    refuse(where, `a nested ${type} has no form field (send it with the samples instead)`);
  }
  checkKeywords(schema, ['type'], where);
  return refuse(where, `its type ${JSON.stringify(type)} has no form field`);
}

/** The rules a schema sets, without the keywords it leaves out (optional members stay absent). */
function withDefinedRules<T extends JsonObject>(
  rules: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * The form fields of a tool's input schema, in the schema's property order; throws, naming the
 * property and keyword, for a schema the form cannot represent (a nested object, an array, ...).
 */
export function listArgumentFields(
  inputSchema: unknown,
  owner = 'the input schema',
): ArgumentField[] {
  if (!isObject(inputSchema) || inputSchema.type !== 'object')
    refuse(owner, 'it is not an object schema');
  checkKeywords(inputSchema, KEYWORDS.object, owner);
  const properties = inputSchema.properties ?? {};
  if (!isObject(properties)) refuse(owner, 'properties is not an object');
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  for (const name of required) {
    if (typeof name !== 'string' || !(name in properties)) {
      refuse(owner, `required names ${JSON.stringify(name)}, which is not a property`);
    }
  }
  return Object.entries(properties).map(([name, value]) => {
    const where = `${owner}, argument ${name}`;
    if (!isObject(value)) refuse(where, 'its schema is not an object');
    const rules = readFieldRules(value, where);
    const fallback = value.default;
    if (fallback !== undefined && !isArgumentValue(fallback))
      refuse(where, 'its default is not a scalar');
    return {
      name,
      description: typeof value.description === 'string' ? value.description : '',
      required: required.includes(name),
      ...rules,
      ...(fallback === undefined ? {} : { default: fallback }),
    };
  });
}

/** The text a field shows for a value: a choice's option value, a number or string as typed. */
export function formatArgumentValue(value: ArgumentValue): string {
  return value === null ? 'null' : String(value);
}

/** The words for what a field holds, by its type (a choice's options speak for themselves). */
const KIND_WORDS: Record<ArgumentField['type'], string> = {
  string: 'text',
  integer: 'whole number',
  number: 'number',
  boolean: 'true or false',
  choice: '',
};

/**
 * The rules of a field in a compact line under its description, such as
 * `whole number · 1 to 20 · default 5`: its kind, range, step, length, pattern and default.
 */
export function describeArgumentRules(field: ArgumentField): string {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength } = field;
  const rules = [KIND_WORDS[field.type]];
  if (minimum !== undefined && maximum !== undefined) rules.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) rules.push(`at least ${minimum}`);
  else if (maximum !== undefined) rules.push(`at most ${maximum}`);
  if (exclusiveMinimum !== undefined) rules.push(`more than ${exclusiveMinimum}`);
  if (exclusiveMaximum !== undefined) rules.push(`less than ${exclusiveMaximum}`);
  if (field.multipleOf !== undefined) rules.push(`a multiple of ${field.multipleOf}`);
  if (minLength !== undefined && maxLength !== undefined) {
    rules.push(`${minLength} to ${maxLength} characters`);
  } else if (minLength !== undefined) rules.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) rules.push(`at most ${maxLength} characters`);
  if (field.pattern !== undefined) rules.push(`matching ${field.pattern}`);
  if (field.default !== undefined) rules.push(`default ${formatArgumentValue(field.default)}`);
  return rules.filter(Boolean).join(' · ');
}

/** Checks a number against the field's range and step. */
function checkNumber(field: ArgumentField, number: number): string | undefined {
  if (!Number.isFinite(number) || (field.type === 'integer' && !Number.isInteger(number))) {
    return `${field.name} must be ${field.type === 'integer' ? 'a whole number' : 'a number'}.`;
  }
  if (field.minimum !== undefined && number < field.minimum) {
    return `${field.name} must be at least ${field.minimum}.`;
  }
  if (field.maximum !== undefined && number > field.maximum) {
    return `${field.name} must be at most ${field.maximum}.`;
  }
  if (field.exclusiveMinimum !== undefined && number <= field.exclusiveMinimum) {
    return `${field.name} must be more than ${field.exclusiveMinimum}.`;
  }
  if (field.exclusiveMaximum !== undefined && number >= field.exclusiveMaximum) {
    return `${field.name} must be less than ${field.exclusiveMaximum}.`;
  }
  if (field.multipleOf !== undefined && !Number.isInteger(number / field.multipleOf)) {
    return `${field.name} must be a multiple of ${field.multipleOf}.`;
  }
  return undefined;
}

/** Checks a string against the field's length and pattern (lengths in code points, as JSON Schema counts). */
function checkString(field: ArgumentField, text: string): string | undefined {
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return `${field.name} must be at least ${field.minLength} characters.`;
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return `${field.name} must be at most ${field.maxLength} characters.`;
  }
  if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(text)) {
    return `${field.name} must match ${field.pattern}.`;
  }
  return undefined;
}

/** Checks what was entered in one field: the typed value for the arguments, or why it is refused. */
function checkField(
  field: ArgumentField,
  raw: string,
): { value?: ArgumentValue; message?: string } {
  const text = field.type === 'choice' ? raw : raw.trim();
  if (text === '') return field.required ? { message: `${field.name} is required.` } : {};
  if (field.choices) {
    const choice = field.choices.find((option) => formatArgumentValue(option.value) === text);
    if (choice) return { value: choice.value };
    const options = field.choices.map((option) => option.label).join(', ');
    return { message: `${field.name} must be one of ${options}.` };
  }
  if (field.type === 'integer' || field.type === 'number') {
    // Number('') and Number(' ') are 0, and Number('0x10') is 16: only decimal notation counts.
    const number = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
    const message = checkNumber(field, number);
    return message ? { message } : { value: number };
  }
  const message = checkString(field, text);
  return message ? { message } : { value: text };
}

/**
 * Checks what was entered in a tool's form (each field's text or chosen option). Empty optional
 * fields are left out, so the tool's own defaults apply; every refusal names its field.
 */
export function checkToolArguments(
  fields: readonly ArgumentField[],
  values: Readonly<Record<string, string | undefined>>,
): ArgumentCheck {
  const errors: ArgumentError[] = [];
  const checked: Record<string, ArgumentValue> = {};
  for (const field of fields) {
    const { value, message } = checkField(field, values[field.name] ?? '');
    if (message) errors.push({ name: field.name, message });
    else if (value !== undefined) checked[field.name] = value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, arguments: checked };
}

/**
 * What each field shows first: the tool's example arguments, so a console sends a working call
 * as it stands. Throws when the example does not pass the form's own check, since a console
 * that opens refusing its example would be broken.
 */
export function listInitialValues(
  fields: readonly ArgumentField[],
  example: unknown,
  owner = 'the input schema',
): Record<string, string> {
  const values = isObject(example) ? example : {};
  const unknown = Object.keys(values).filter(
    (name) => !fields.some((field) => field.name === name),
  );
  if (unknown.length > 0)
    refuse(owner, `its example sets ${unknown.join(', ')}, which has no field`);
  const initial = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (!isArgumentValue(value))
        refuse(`${owner}, argument ${name}`, 'its example is not a scalar');
      return [name, formatArgumentValue(value)];
    }),
  );
  const check = checkToolArguments(fields, initial);
  if (!check.ok) {
    refuse(
      owner,
      `its example is refused (${check.errors.map((error) => error.message).join(' ')})`,
    );
  }
  return initial;
}
