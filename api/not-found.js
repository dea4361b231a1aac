// @ts-check
/**
 * The function src/functions/not-found.ts as it ships: the build bundles it into one module (and chunks
 * it loads on first use), so Vercel's Node builder traces no node_modules tree (docs/architecture.md).
 */
export * from '../src/generated/functions/not-found/not-found.mjs';
