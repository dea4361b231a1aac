import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { writeGeneratedModule } from '../site-content/site-snapshot.ts';
import { compactAgentList } from './compact-agent-list.ts';
import { openTelemetryEsm } from './opentelemetry-esm.ts';

/** A module to bundle: its name (the bundle's folder and file name) and its source. */
export interface BundleEntry {
  readonly name: string;
  readonly source: string;
}

/** What one function ships: its entry module and the chunks it loads on first use. */
export interface FunctionBundle {
  /** The function's name (`mcp` for src/functions/mcp.ts, served as api/mcp.js). */
  readonly name: string;
  /** The entry module that api/<name>.js (or middleware.js) re-exports. */
  readonly entryFile: string;
  /** Bytes of the entry module, loaded when the function starts. */
  readonly entryBytes: number;
  /** Bytes of the entry and every chunk behind a dynamic `import()`. */
  readonly totalBytes: number;
}

/** The functions of src/functions/, one entry per file (api/<name>.js re-exports each bundle). */
export function listFunctionEntries(functionsDir: string): BundleEntry[] {
  return readdirSync(functionsDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ name: basename(file, '.ts'), source: join(functionsDir, file) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The entries whose bundle `outDir` does not hold (a function added since the last bundling). */
export function listUnbundledEntries(
  entries: readonly BundleEntry[],
  outDir: string,
): BundleEntry[] {
  return entries.filter(({ name }) => !existsSync(join(outDir, name, `${name}.mjs`)));
}

/** A module built once for every function that loads it: its built files, and its entry's. */
interface SharedBundle {
  readonly source: string;
  readonly entryName: string;
  readonly files: readonly { readonly name: string; readonly contents: Uint8Array }[];
  readonly bytes: number;
}

/** The options every bundle is built with. */
const BUILD_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** Whether two absolute paths name the same file (on Windows, whatever the drive letter's case). */
function isSamePath(a: string, b: string): boolean {
  return relative(a, b) === '';
}

/**
 * The output of an entry module: the one whose entry point is the source (a chunk that stands for
 * an `import()` has an entry point too, the module it imports). esbuild names entry points
 * relative to its working directory, the process's, with forward slashes.
 */
function findEntryOutput(
  metafile: Metafile,
  source: string,
): [string, Metafile['outputs'][string]] {
  const entry = Object.entries(metafile.outputs).find(
    ([, output]) =>
      output.entryPoint !== undefined && isSamePath(resolve(output.entryPoint), source),
  );
  if (!entry) throw new Error(`esbuild wrote no entry module for ${source}`);
  return entry;
}

/**
 * Builds a module that functions load behind `import()` on its own (its entry `<name>-<hash>.mjs`
 * and its chunks `<name>-<chunk>-<hash>.mjs`), in memory, to be copied beside each function that
 * loads it.
 */
async function buildShared({ name, source }: BundleEntry, outDir: string): Promise<SharedBundle> {
  const folder = join(outDir, name);
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: { [name]: source },
    // Every file named after the module, so none can take the name of a function's own chunk.
    entryNames: '[name]-[hash]',
    chunkNames: `${name}-[name]-[hash]`,
    outdir: folder,
    write: false,
    plugins: [compactAgentList, openTelemetryEsm],
  });
  const entry = findEntryOutput(result.metafile, source);
  return {
    source,
    entryName: basename(entry[0]),
    files: result.outputFiles.map((file) => ({
      name: relative(folder, file.path),
      contents: file.contents,
    })),
    bytes: result.outputFiles.reduce((sum, file) => sum + file.contents.byteLength, 0),
  };
}

/**
 * Makes each import of a shared module an import of its built entry beside the importer (the
 * function's folder is flat), left for Node to load.
 */
function importShared(shared: readonly SharedBundle[]): Plugin {
  return {
    name: 'shared-bundles',
    setup(build) {
      for (const bundle of shared) {
        const file = basename(bundle.source);
        build.onResolve({ filter: new RegExp(`/${file.replaceAll('.', '\\.')}$`) }, (args) =>
          isSamePath(resolve(args.resolveDir, args.path), bundle.source)
            ? { path: `./${bundle.entryName}`, external: true }
            : undefined,
        );
      }
    },
  };
}

/**
 * Bundles each entry into one minified ES module in `outDir/<name>/` (node: built-ins stay
 * imports; code behind a dynamic `import()` goes to a chunk loaded on first use), with a
 * declaration that gives the bundle its source's types. api/<name>.js and middleware.js re-export
 * the bundles, so Vercel's Node builder ships one module and its lazy chunks per function, not a
 * traced node_modules tree. Each module of `shared` (loaded behind `import()`, by most functions:
 * the OpenTelemetry SDK) is built once and its files copied into the folder of each function
 * that imports it: bundled into each function, it was half of every function's build.
 */
export async function bundleFunctions(
  entries: readonly BundleEntry[],
  outDir: string,
  shared: readonly BundleEntry[] = [],
): Promise<FunctionBundle[]> {
  await rm(outDir, { recursive: true, force: true });
  const sharedBundles = await Promise.all(shared.map((entry) => buildShared(entry, outDir)));
  const plugins = [importShared(sharedBundles), compactAgentList, openTelemetryEsm];
  return Promise.all(
    entries.map(async ({ name, source }) => {
      const folder = join(outDir, name);
      const result = await build({
        ...BUILD_OPTIONS,
        entryPoints: { [name]: source },
        outdir: folder,
        plugins,
      });
      const outputs = Object.entries(result.metafile.outputs);
      const entry = findEntryOutput(result.metafile, source);
      const imported = new Set(
        outputs.flatMap(([, output]) =>
          output.imports.filter((item) => item.external).map((item) => item.path),
        ),
      );
      const copied = sharedBundles.filter((bundle) => imported.has(`./${bundle.entryName}`));
      for (const bundle of copied) {
        for (const file of bundle.files) {
          await writeFile(join(folder, file.name), file.contents);
        }
      }
      const entryFile = join(folder, `${name}.mjs`);
      const typesOf = relative(folder, source).split('\\').join('/');
      await writeGeneratedModule(
        join(folder, `${name}.d.mts`),
        [
          "// Generated by the build (src/integrations/bundle-functions.ts): the bundle has its source's types.",
          `export * from '${typesOf}';`,
          ...(entry[1].exports.includes('default')
            ? [`export { default } from '${typesOf}';`]
            : []),
          '',
        ].join('\n'),
      );
      return {
        name,
        entryFile,
        entryBytes: entry[1].bytes,
        totalBytes:
          outputs.reduce((sum, [, output]) => sum + output.bytes, 0) +
          copied.reduce((sum, bundle) => sum + bundle.bytes, 0),
      };
    }),
  );
}
