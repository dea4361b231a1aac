// @ts-check
/**
 * The function src/functions/oauth-token.ts as it ships: the build bundles it into one module (and chunks
 * it loads on first use), so Vercel's Node builder traces no node_modules tree (docs/architecture.md).
 */
export * from '../src/generated/functions/oauth-token/oauth-token.mjs';
