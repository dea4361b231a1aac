import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A web-standard handler, as Vercel's Node runtime accepts it. */
export type FunctionHandler = (request: Request) => Response | Promise<Response>;

/** The exported handlers of one api/ function, by HTTP method. */
export type FunctionModule = Partial<Record<string, FunctionHandler>>;

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
    functions.set(route, listFunctionMethods(module));
  }
  return functions;
}

/** The web-standard handlers a function module exports, by HTTP method. */
export function listFunctionMethods(module: Record<string, unknown>): FunctionModule {
  const handlers: FunctionModule = {};
  for (const method of METHODS) {
    const handler = module[method];
    if (typeof handler === 'function') handlers[method] = handler as FunctionHandler;
  }
  return handlers;
}

/** The methods a function answers, for an Allow header (HEAD comes with GET). */
export function listAllowedMethods(module: FunctionModule): string[] {
  const methods: string[] = METHODS.filter((method) => module[method]);
  if (module.GET && !module.HEAD) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
  return methods;
}
