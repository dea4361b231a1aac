import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSiteRoutes } from '../documents/site-routes.ts';
import { buildSiteVercelConfig } from '../documents/site-vercel-config.ts';
import { readMarkdownTokenCounts } from '../service/markdown-tokens.ts';
import { closeProcessStore } from '../shared-state/process-store.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight } from '../insight/insight-recorder.ts';
import { describeListenError, describeServing } from './listen-error.ts';
import { createLocalServer } from './local-server.ts';
import { readServeSettingsOrExit } from './serve-settings.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { host, port, siteUrl, rateLimit, limits, redisUrl } = readServeSettingsOrExit(process.env);
const built = await import('../generated/site-origin.ts').catch(() => {
  console.error(
    'No build found: run `npm run build` first (or `npm start`, which builds and serves).',
  );
  process.exit(1);
});
if (built.siteUrl !== siteUrl) {
  console.error(
    `The build publishes ${built.siteUrl} but this server would publish ${siteUrl}.\n` +
      'Build and serve with the same SITE_URL (or HOST/PORT): `npm start` does both.',
  );
  process.exit(1);
}
// Routed as the deployment routes: the configuration vercel.ts computes, for the build's content.
const { siteSnapshot } = await import('../generated/site-snapshot.ts');
const { MARKDOWN_TOKEN_COUNTS } = await import('../generated/markdown-tokens.ts');
const toolNames = siteSnapshot.mcpTools.map((tool) => tool.name);

// Bound to loopback, answer only for loopback names and the published host (DNS rebinding).
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const loopback = ['localhost', '127.0.0.1', '::1'].includes(host);

const server = await createLocalServer({
  ...(loopback ? { allowedHosts: [...LOOPBACK_NAMES, new URL(siteUrl).hostname] } : {}),
  staticDir: join(root, '.vercel', 'output', 'static'),
  apiDir: join(root, 'api'),
  vercelConfig: buildSiteVercelConfig(siteSnapshot.content, toolNames),
  routes: buildSiteRoutes(siteSnapshot.content, toolNames),
  markdownTokens: readMarkdownTokenCounts(MARKDOWN_TOKEN_COUNTS),
  siteUrl,
  limits,
  // The same recorder (and store) as the functions this process runs: one report.
  insight: readProcessInsight(logToStderr),
  ...(process.env.CLIENT_ADDRESS_HEADER
    ? { clientAddressHeader: process.env.CLIENT_ADDRESS_HEADER.trim().toLowerCase() }
    : {}),
});

// A port in use, a privileged port or a HOST of another machine: one clear line, no stack.
const refuseToStart = (error: NodeJS.ErrnoException) => {
  console.error(describeListenError(error, host, port));
  process.exit(1);
};
server.once('error', refuseToStart);
server.listen(port, host, () => {
  server.off('error', refuseToStart);
  console.log(describeServing(siteUrl, host, port));
  console.log(
    rateLimit
      ? `Functions allow ${rateLimit.limit} requests per client per ${rateLimit.windowSeconds} s (RATE_LIMIT_MAX, RATE_LIMIT_WINDOW_SECONDS)`
      : 'Functions apply no rate limit (RATE_LIMIT_MAX=0)',
  );
  console.log(
    redisUrl
      ? `Shared state (rate-limit counts, redeemed codes) in Redis at ${new URL(redisUrl).host} (REDIS_URL)`
      : 'Shared state (rate-limit counts, redeemed codes) in this process (REDIS_URL unset)',
  );
});

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  server.close(() => void closeProcessStore().finally(() => process.exit(0)));
  server.closeIdleConnections();
  // Requests still running after 5 s are cut off.
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
