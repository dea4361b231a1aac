import { createMcpHandler, parseAllowedOrigins } from '../src/mcp/http-handler.ts';
import { site } from '../src/site.ts';

/** The MCP endpoint (vercel.json rewrites /mcp here). */
const handle = createMcpHandler({
  site,
  allowedOrigins: parseAllowedOrigins(process.env.MCP_ALLOWED_ORIGINS),
});

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const OPTIONS = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
