import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  AgentTextSchema,
  CallToActionSchema,
  CompanySchema,
  ContentPageFrontMatterSchema,
  CopySectionFrontMatterSchema,
  PageCopyFrontMatterSchema,
  ProductFrontMatterSchema,
} from '../../src/schemas/site-content.ts';
import { listFiles } from '../support/list-files.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every environment variable a source text reads: `env.NAME`, `env['NAME']`, and the names the
 * readers take as arguments or constants (`readWholeNumber(env, 'NAME', ...)`,
 * `..._VARIABLE = 'NAME'`). A text that looks a variable up by a name it holds (`env[name]`)
 * may keep its names anywhere (an array, a map): there every quoted string written as a variable
 * name, capitals with an underscore (`'OTEL_EXPORTER_OTLP_ENDPOINT'`), counts as read.
 */
function readEnvironmentNames(source: string): string[] {
  const patterns = [
    /\benv\??\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g,
    /\breadWholeNumber\(\s*env,\s*'([A-Z][A-Z0-9_]*)'/g,
    /_VARIABLE\s*=\s*'([A-Z][A-Z0-9_]*)'/g,
  ];
  if (/\benv(?:\?\.)?\[\s*[A-Za-z_$]/.test(source)) {
    patterns.push(/['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g);
  }
  const names = patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1]!),
  );
  return [...new Set(names)];
}

/** The source files of src/ (but the generated ones), api/, scripts/ and the root modules. */
async function listSourceFiles(): Promise<string[]> {
  const files = [join(ROOT, 'astro.config.mjs'), join(ROOT, 'middleware.js')];
  for (const dir of ['src', 'api', 'scripts']) {
    for (const file of await listFiles(join(ROOT, dir))) {
      if (/\.(?:ts|mjs|astro)$/.test(file) && !file.includes('generated')) files.push(file);
    }
  }
  return files;
}

/** A field of a content schema that has a maximum length, by its path (`features[].description`). */
interface LengthLimit {
  readonly field: string;
  readonly max: number;
  /** A one-line text (a name, title, heading): its limit is stated once, under the table. */
  readonly oneLine: boolean;
}

/** Every text field of a schema with a maximum length, nested fields and list entries included. */
function listLengthLimits(schema: z.ZodType): LengthLimit[] {
  const limits: LengthLimit[] = [];
  const walk = (node: Record<string, unknown>, path: string) => {
    if (typeof node.maxLength === 'number') {
      const oneLine = typeof node.pattern === 'string' && node.pattern.includes('\\r\\n');
      limits.push({ field: path, max: node.maxLength, oneLine });
    }
    const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [key, child] of Object.entries(properties)) {
      walk(child, path ? `${path}.${key}` : key);
    }
    if (node.items) walk(node.items as Record<string, unknown>, `${path}[]`);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '');
  return limits;
}

let guide: string;
let readme: string;
const readers = new Map<string, string[]>();

beforeAll(async () => {
  guide = await readFile(join(ROOT, 'docs', 'owners.md'), 'utf8');
  readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  for (const file of await listSourceFiles()) {
    for (const name of readEnvironmentNames(await readFile(file, 'utf8'))) {
      const list = readers.get(name) ?? [];
      list.push(relative(ROOT, file));
      readers.set(name, list);
    }
  }
});

describe('docs/owners.md', () => {
  it('should document every environment variable the code reads', () => {
    // The scan is no empty net: it finds the variables of each kind of reader.
    expect([...readers.keys()]).toEqual(
      expect.arrayContaining(['SITE_URL', 'REDIS_URL', 'OAUTH_SIGNING_KEYS', 'MAX_CONNECTIONS']),
    );
    const undocumented = [...readers.keys()]
      .filter((name) => !guide.includes(`\`${name}\``))
      .map((name) => `${name} (read in ${readers.get(name)!.join(', ')})`);
    expect(undocumented).toEqual([]);
  });

  it("should state the length limit of every text field of content/, in its file's row", () => {
    const rows = guide.split('\n').filter((line) => line.startsWith('| `content/'));
    const rowOf = (file: string) => rows.find((row) => row.startsWith(`| \`${file}\``)) ?? '';
    const files = [
      ['content/company.yaml', CompanySchema],
      ['content/product.md', ProductFrontMatterSchema],
      ['content/calls-to-action.yaml', CallToActionSchema],
      ['content/agents.yaml', AgentTextSchema],
      ['content/copy/<slug>.md', CopySectionFrontMatterSchema],
      ['content/pages/home.md', PageCopyFrontMatterSchema],
      ['content/pages/<slug>.md', ContentPageFrontMatterSchema],
    ] as const;
    const unstated: string[] = [];
    for (const [file, schema] of files) {
      const limits = listLengthLimits(schema);
      // The walk is no empty net: every file has a limited field.
      expect(limits.length, file).toBeGreaterThan(0);
      for (const { field, max, oneLine } of limits) {
        const stated =
          new RegExp(`(?:at most|to) ${max} characters`).test(rowOf(file)) ||
          (oneLine &&
            guide.includes(`of one line (`) &&
            guide.includes(`takes at most ${max} characters`));
        if (!stated) unstated.push(`${file}: ${field} (at most ${max})`);
      }
    }
    expect(unstated).toEqual([]);
  });

  it('should be linked from the README', () => {
    expect(readme).toContain('(docs/owners.md)');
  });
});

describe('readEnvironmentNames', () => {
  it('should read direct, optional, indexed and passed-by-name variables', () => {
    const source = [
      'const a = process.env.SITE_URL; const b = env?.REDIS_URL;',
      "const c = env['OAUTH_KEYS_FILE']; readWholeNumber(env, 'MAX_CONNECTIONS', 1, 0, 9);",
      "export const SIGNING_KEYS_VARIABLE = 'OAUTH_SIGNING_KEYS'; const d = env.lower;",
    ].join('\n');
    expect(readEnvironmentNames(source).sort()).toEqual([
      'MAX_CONNECTIONS',
      'OAUTH_KEYS_FILE',
      'OAUTH_SIGNING_KEYS',
      'REDIS_URL',
      'SITE_URL',
    ]);
  });

  it('should read the quoted names of a text that looks variables up by a held name', () => {
    const listed = [
      "const NAMES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'VERCEL_OTEL_ENDPOINTS'] as const;",
      "const method = 'GET'; const alg = 'ES256';",
    ].join('\n');
    const lookup = 'NAMES.some((name) => Boolean(env[name]?.trim()));';
    expect(readEnvironmentNames(`${listed}\n${lookup}`).sort()).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'VERCEL_OTEL_ENDPOINTS',
    ]);
    expect(readEnvironmentNames(listed)).toEqual([]);
  });
});
