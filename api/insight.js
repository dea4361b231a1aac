// @ts-check
/**
 * The function src/functions/insight.ts as it ships: the build bundles it into one module, so
 * Vercel's Node builder traces no node_modules tree (docs/architecture.md).
 */
export * from '../src/generated/functions/insight/insight.mjs';
