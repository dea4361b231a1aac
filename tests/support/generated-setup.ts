import { existsSync } from 'node:fs';
import { ROOT } from './processes.ts';

/**
 * The unit tests of the route table and the middleware import the function bundles that
 * `astro sync` writes into src/generated (`npm run check`, the first half of `npm test`, does it;
 * so do `npm run dev` and `npm start`). The tests themselves never write there, so a fresh
 * checkout gets this message instead of a missing-module error.
 */
export default function setup(): void {
  if (!existsSync(`${ROOT}src/generated/functions`)) {
    throw new Error(
      'src/generated/functions is missing: run `npm run check` once (as `npm test` does), then Vitest.',
    );
  }
}
