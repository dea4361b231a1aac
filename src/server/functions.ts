import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlainHandler } from '../http/plain-http.ts';

/** A function's file: `.js` in api/ (see docs/architecture.md), `.ts` in src/functions/. */
const FUNCTION_FILE = /^([^_.].*)\.(?:js|ts)$/;

/**
 * Lists the functions of a folder (api/, or their sources in src/functions/) the way Vercel maps
 * api/ to routes: <name>.js (or <name>.ts) answers /api/<name>; files whose name starts with `_`
 * are not functions. Route to file path.
 */
export function listFunctionFiles(apiDir: string): Map<string, string> {
  const functions = new Map<string, string>();
  for (const name of readdirSync(apiDir).sort()) {
    const route = FUNCTION_FILE.exec(name)?.[1];
    if (route !== undefined) functions.set(`/api/${route}`, join(apiDir, name));
  }
  return functions;
}

/** Imports every function of api/: its plain handler, by route. */
export async function loadFunctions(apiDir: string): Promise<Map<string, PlainHandler>> {
  const functions = new Map<string, PlainHandler>();
  for (const [route, file] of listFunctionFiles(apiDir)) {
    // A path known only when the server starts: nothing for a bundler to follow.
    const module: Record<string, unknown> = await import(
      /* @vite-ignore */ pathToFileURL(file).href
    );
    functions.set(route, readPlainHandler(module, file));
  }
  return functions;
}

/**
 * The handler a function module exports as `plain`, which the local servers call straight from
 * node:http; its web-standard method exports are what Vercel calls. A module without one is a bug.
 */
export function readPlainHandler(module: Record<string, unknown>, file: string): PlainHandler {
  const { plain } = module;
  if (typeof plain !== 'function') throw new Error(`${file} exports no plain handler`);
  return plain as PlainHandler;
}
