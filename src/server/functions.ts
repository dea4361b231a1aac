import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlainHandler } from '../http/plain-http.ts';

/** A web-standard handler, as Vercel's Node runtime accepts it. */
export type FunctionHandler = (request: Request) => Response | Promise<Response>;

/**
 * One api/ function: its web-standard handlers by HTTP method (what Vercel calls) and, when the
 * module exports one as `plain`, the same handler on plain requests, which the local server
 * calls straight from node:http.
 */
export interface FunctionModule {
  readonly methods: Partial<Record<string, FunctionHandler>>;
  readonly plain?: PlainHandler;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Lists the functions of api/ the way Vercel maps them to routes: api/<name>.ts answers
 * /api/<name>; files whose name starts with `_` are not functions. Route to file path.
 */
export function listFunctionFiles(apiDir: string): Map<string, string> {
  const names = readdirSync(apiDir).filter((name) => name.endsWith('.ts') && !name.startsWith('_'));
  return new Map(
    names.sort().map((name) => [`/api/${name.slice(0, -'.ts'.length)}`, join(apiDir, name)]),
  );
}

/** Imports every function of api/, by route. */
export async function loadFunctions(apiDir: string): Promise<Map<string, FunctionModule>> {
  const functions = new Map<string, FunctionModule>();
  for (const [route, file] of listFunctionFiles(apiDir)) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    functions.set(route, readFunctionModule(module));
  }
  return functions;
}

/** The handlers a function module exports. */
export function readFunctionModule(module: Record<string, unknown>): FunctionModule {
  const methods: FunctionModule['methods'] = {};
  for (const method of METHODS) {
    const handler = module[method];
    if (typeof handler === 'function') methods[method] = handler as FunctionHandler;
  }
  const { plain } = module;
  return typeof plain === 'function' ? { methods, plain: plain as PlainHandler } : { methods };
}

/** The methods a function answers, for an Allow header (HEAD comes with GET). */
export function listAllowedMethods(module: FunctionModule): string[] {
  const methods: string[] = METHODS.filter((method) => module.methods[method]);
  if (module.methods.GET && !module.methods.HEAD)
    methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
  return methods;
}
