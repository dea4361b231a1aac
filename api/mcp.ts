import { guardHandler } from '../src/lib/problem.ts';
import { toWebHandler } from '../src/lib/plain-http.ts';
import { createMcpHandler, parseAllowedOrigins } from '../src/mcp/http-handler.ts';
import { site } from '../src/site.ts';

/** The MCP endpoint (vercel.json rewrites /mcp here), for the local server's direct path. */
export const plain = guardHandler(
  createMcpHandler({ site, allowedOrigins: parseAllowedOrigins(process.env.MCP_ALLOWED_ORIGINS) }),
  { siteUrl: site.siteUrl },
);

const handle = toWebHandler(plain);

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const OPTIONS = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
