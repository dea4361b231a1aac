/**
 * Words that belong to the site owner's guide (docs/owners.md), never to a public page, its
 * Markdown version or a public document: the variables a deployment is configured with, Vercel's
 * settings and how the local server is started. An API user can act on none of them.
 */
export const OPERATOR_VARIABLES = [
  'OAUTH_SIGNING_KEYS',
  'OAUTH_KEYS_FILE',
  'REDIS_URL',
  'SITE_URL',
  'CONTENT_DIR',
  'SOURCE_DATE_EPOCH',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'MCP_ALLOWED_ORIGINS',
  'CLIENT_ADDRESS_HEADER',
  'HEADERS_TIMEOUT_SECONDS',
  'REQUEST_TIMEOUT_SECONDS',
  'MAX_CONNECTIONS',
  'MAX_CONNECTIONS_PER_CLIENT',
  'VERCEL',
  'VERCEL_ENV',
  'VERCEL_URL',
  'VERCEL_PROJECT_PRODUCTION_URL',
  'VERCEL_AUTOMATION_BYPASS_SECRET',
  'CHROME_PATH',
  'HOST',
  'PORT',
  'INSIGHT_TOKEN',
  'INSIGHT_COUNT_DOCUMENTS',
  'INSIGHT',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'OTEL_SDK_DISABLED',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT',
  'VERCEL_OTEL_ENDPOINTS',
  'OTEL_METRIC_EXPORT_INTERVAL',
  'MCP_REGISTRY_PUBLIC_KEY',
] as const;

/** Phrases that speak to whoever runs the deployment (matched without regard to case). */
export const OPERATOR_PHRASES = [
  'Vercel project',
  'Production and Preview',
  'environment variable',
  'redeploy',
  'oauth:keys',
  'npm start',
  'printed when it started',
  'the local server',
  'at run time',
  'cold start',
] as const;

/** A variable as a whole word in its own case; a phrase in any case. */
const OPERATOR_PATTERNS: readonly RegExp[] = [
  ...OPERATOR_VARIABLES.map((name) => new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`)),
  ...OPERATOR_PHRASES.map(
    (phrase) => new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'),
  ),
];

/** Each operator word a text holds, with a few characters around it to find it by. */
export function findOperatorWords(text: string): string[] {
  return OPERATOR_PATTERNS.flatMap((pattern) => {
    const match = pattern.exec(text);
    if (!match) return [];
    const start = Math.max(0, match.index - 40);
    return [`${match[0]} in …${text.slice(start, match.index + match[0].length + 40)}…`];
  });
}
