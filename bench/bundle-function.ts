import { build } from 'esbuild';
import { join } from 'node:path';

/** What a function ships: the file loaded at start-up and every lazily imported chunk. */
export interface FunctionBundle {
  /** The entry module, loaded when the function starts. */
  readonly entryFile: string;
  readonly entryBytes: number;
  /** The entry plus the chunks it imports on demand (code behind `await import(...)`). */
  readonly totalBytes: number;
}

/**
 * Bundles one api/ function into minified ESM with its dependencies and data. Dynamic imports
 * become separate chunks, loaded when first used, as they are on Vercel, which does not bundle
 * functions but loads each module when it is first imported.
 */
export async function bundleFunction(entry: string, outdir: string): Promise<FunctionBundle> {
  const result = await build({
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entryOutput = outputs.find(([, output]) => output.entryPoint !== undefined);
  if (!entryOutput) throw new Error(`no output for ${entry}`);
  return {
    entryFile: join(process.cwd(), entryOutput[0]),
    entryBytes: entryOutput[1].bytes,
    totalBytes: outputs.reduce((sum, [, output]) => sum + output.bytes, 0),
  };
}
