import { build } from 'esbuild';

/** Bundles one api/ function into a single minified ESM file, as a measure of what it ships. */
export async function bundleFunction(entry: string, outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  if (!output) throw new Error(`no output for ${entry}`);
  return output.bytes;
}
