/**
 * Vercel's project configuration, computed each time Vercel builds: the Vercel CLI compiles this
 * file (esbuild, packages left external) and runs it before the build, so the rewrites, header
 * rules, and the middleware's matcher it writes into middleware.js, always follow the route table
 * (src/service/routes.ts) and content/. A content error stops the build with the message that
 * names the file and field.
 * @see https://vercel.com/docs/project-configuration (vercel.ts)
 */
import { join } from 'node:path';
import { buildSiteVercelConfig } from './src/documents/site-vercel-config.ts';
import { resolveContentDir } from './src/site-content/content-dir.ts';
import { readSiteContent } from './src/site-content/read-site-content.ts';
import { buildSiteRoutes } from './src/documents/site-routes.ts';
import { writeMiddlewareMatcher } from './src/integrations/middleware-matcher-file.ts';
import {
  buildMiddlewareMatcher,
  MIDDLEWARE_ENTRYPOINT,
  readDocumentCounting,
} from './src/service/middleware-matcher.ts';
import { listToolModuleFiles, readToolNamesOfFiles } from './src/integrations/mcp-tool-modules.ts';

// The CLI runs the compiled copy from .vercel/, so the folder is found from the project root the
// build runs in, not from this file's URL.
const contentDir = resolveContentDir(process.env, process.cwd());

// The MCP tools' reference pages are routed by the tools' file names (the build holds each file to
// its tool's name): the tools themselves are TypeScript the CLI's runner does not load.
const toolNames = readToolNamesOfFiles(listToolModuleFiles(join(process.cwd(), 'src/mcp/tools')));

const content = await readSiteContent(contentDir);

// The middleware's matcher, from the same route table: Vercel reads it from middleware.js alone
// (statically), so it is written there, before the builders read the file. INSIGHT_COUNT_DOCUMENTS=on
// widens it to the agent documents (docs/insight.md); the default is what the file already holds.
writeMiddlewareMatcher(
  join(process.cwd(), MIDDLEWARE_ENTRYPOINT),
  buildMiddlewareMatcher(buildSiteRoutes(content, toolNames).surfaces, {
    countAgentDocuments: readDocumentCounting(process.env),
  }),
);

export default buildSiteVercelConfig(content, toolNames);
