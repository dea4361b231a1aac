/**
 * npm run smoke — starts the local server on the last build (`npm run build` first), with the
 * same variables as that build (SITE_URL, or HOST/PORT) and on a free port, asks it for
 * the sample of every listed surface and a page as Markdown, stops it, and prints
 * `N passed, N failed`; exits 1 on any failure. Cross-platform (CI runs it on Linux, macOS and
 * Windows): the server is this same Node running src/server/serve.ts, no shell involved.
 */
import { spawn } from 'node:child_process';
import { readProjectToolNames } from '../src/integrations/mcp-tool-modules.ts';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { buildSiteRoutes } from '../src/documents/site-routes.ts';
import { resolveContentDir } from '../src/site-content/content-dir.ts';
import { readSiteContent } from '../src/site-content/read-site-content.ts';
import { findSmokeFailure, listSmokeChecks, readListenUrl } from './smoke-checks.ts';

/** How long the server may take to print that it listens. */
const START_TIMEOUT_MS = 60_000;

console.log(`Smoke test of the local server on Node ${process.version}`);
const serveFile = fileURLToPath(new URL('../src/server/serve.ts', import.meta.url));
const server = spawn(process.execPath, [serveFile], {
  env: process.env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
const listening = new Promise<void>((resolve, reject) => {
  const timer = setTimeout(
    () => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s`)),
    START_TIMEOUT_MS,
  );
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Serving ')) {
      clearTimeout(timer);
      resolve();
    }
  });
  server.once('exit', (code) => {
    clearTimeout(timer);
    reject(
      new Error(
        `the server exited with code ${code} before it listened (its reason is above).\n${output}` +
          'npm run smoke serves the last build itself: stop any server on its port first, and ' +
          'give it the SITE_URL (or HOST/PORT) of that build, e.g. PORT=4322 npm run smoke ' +
          'after PORT=4322 npm start.',
      ),
    );
  });
});

let failed = 0;
let passed = 0;
try {
  await listening;
  const base = readListenUrl(process.env);
  // The route table of the content the build read (its content pages included).
  const { surfaces } = buildSiteRoutes(
    await readSiteContent(resolveContentDir(process.env)),
    readProjectToolNames(process.cwd()),
  );
  for (const check of listSmokeChecks(surfaces)) {
    const response = await fetch(`${base}${check.path}`, {
      redirect: 'manual',
      ...(check.headers ? { headers: check.headers } : {}),
    });
    await response.arrayBuffer();
    const failure = findSmokeFailure(check, {
      status: response.status,
      contentType: response.headers.get('content-type'),
    });
    if (failure) {
      failed += 1;
      console.error(`FAIL ${failure}`);
    } else passed += 1;
  }
} catch (error) {
  failed += 1;
  console.error(`FAIL ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (server.exitCode === null) {
    server.kill();
    await once(server, 'exit');
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
