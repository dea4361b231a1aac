import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Bundles the OpenTelemetry packages from their ES module builds. Those without an `exports` map
 * name their CommonJS build in `main` and their ES modules in `module`, and esbuild on the node
 * platform reads `main` first: the CommonJS builds cannot be tree-shaken, so each `require` of
 * @opentelemetry/semantic-conventions pulled in every constant. From `module`, the OpenTelemetry
 * chunk (loaded only where export is on, docs/insight.md) is about 350 KB instead of 590 KB.
 */
export const openTelemetryEsm: Plugin = {
  name: 'opentelemetry-esm',
  setup(build) {
    build.onResolve({ filter: /^@opentelemetry\/[^/]+$/ }, (args) => {
      const require = createRequire(join(args.resolveDir, 'importer.js'));
      let manifest: string;
      try {
        manifest = require.resolve(`${args.path}/package.json`);
      } catch {
        return undefined;
      }
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
        module?: string;
        exports?: unknown;
      };
      return pkg.exports || !pkg.module ? undefined : { path: join(dirname(manifest), pkg.module) };
    });
  },
};
