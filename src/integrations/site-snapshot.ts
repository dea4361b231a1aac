import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePageSearchFile } from '../documents/page-search.ts';
import { buildSiteDocuments } from '../documents/site-documents.ts';
import type { McpTool } from '../mcp/tool-definition.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../service/search-index-path.ts';
import { renderBrandStylesheet } from '../site-content/brand-colours.ts';
import { checkLogoAgainstAllowList, renderBrandLogoModule } from '../site-content/brand-logo.ts';
import { watchContentSaves } from '../site-content/content-saves.ts';
import { ContentError, readSiteContent } from '../site-content/read-site-content.ts';
import { endForOwnerMistake } from '../server/owner-errors.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import {
  renderContentPagesModule,
  renderDocsPagesModule,
  readSiteOriginModule,
  renderSiteOriginModule,
  renderSiteSnapshotModule,
  writeGeneratedModule,
  type SiteSnapshot,
} from '../site-content/site-snapshot.ts';
import { readRateLimitPolicy } from '../service/rate-limit-policy.ts';
import { readRedisUrl } from '../shared-state/process-store.ts';
import { readSigningKeys } from '../oauth/keys.ts';
import { createDevMiddleware, readFunctionLoader } from '../server/dev-middleware.ts';
import { buildSiteRoutes } from '../documents/site-routes.ts';
import { listDocumentFiles } from '../service/routes.ts';
import { buildSiteVercelConfig } from '../documents/site-vercel-config.ts';
import { buildSiteSnapshot } from './build-site-snapshot.ts';
import {
  buildContentProblemPayload,
  type ContentProblemPayload,
} from './content-problem-overlay.ts';
import { writeToolExamples } from './tool-examples.ts';
import { collectSiteCharacters } from '../site-content/site-characters.ts';
import { createLinkFinder, listDeadLinkWarnings } from '../site-content/body-links.ts';
import { listDevDeadLinkWarnings } from './dev-dead-links.ts';
import { writeSiteFonts } from './site-fonts.ts';
import { writeProductImage } from './product-image.ts';
import { bundleFunctions, listFunctionEntries, listUnbundledEntries } from './bundle-functions.ts';
import { readDocsPageNames } from '../service/docs-pages.ts';
import { computeSourceFingerprint, readRecordedFingerprint } from './source-fingerprint.ts';
import { loadContentStemmer, renderSearchStemmerModule } from './search-language.ts';
import {
  checkToolFileNames,
  listToolModuleFiles,
  loadMcpTools,
  readToolNamesOfFiles,
  renderToolModulesModule,
} from './mcp-tool-modules.ts';

/**
 * Astro's patterns of the generic routes: the content pages, the route table's documents, the
 * reference's pages and every page's Markdown version. Each matches paths it does not serve.
 */
const GENERIC_ROUTE_PATTERNS = new Set([
  '/[slug]',
  '/[...document]',
  '/docs/[...reference]',
  '/[...page].md',
]);

export interface SiteSnapshotOptions {
  /** The content collection folder. */
  readonly contentDir: string;
  /** The folder of the generated modules the functions import (site-snapshot.ts, site-origin.ts). */
  readonly outDir: string;
  /** The public origin (resolved once, in astro.config.mjs). */
  readonly siteUrl: string;
  /** The project root (for vercel.json, api/ and public/ in dev). */
  readonly root: string;
  /**
   * Runs once every file of the build is final (the tools' example results written into their
   * pages) and before the functions are bundled: what reads the built files for a module a
   * bundle imports (the x-markdown-tokens counts the middleware sends).
   */
  readonly afterPages?: (dir: URL, logger: AstroIntegrationLogger) => Promise<void>;
}

/**
 * Validates content/ and writes the typed snapshot the api/ functions import, before Astro builds
 * (Vercel builds the functions after the framework). In dev it rewrites the snapshot on every
 * content change so functions and pages stay in step.
 */
export function siteSnapshotIntegration(options: SiteSnapshotOptions): AstroIntegration {
  const contentDir = resolve(options.contentDir);
  let routePatterns: RegExp[] = [];
  const snapshotFile = resolve(options.outDir, 'site-snapshot.ts');
  const originFile = resolve(options.outDir, 'site-origin.ts');
  const toolModulesFile = resolve(options.outDir, 'mcp-tool-modules.ts');
  const contentPagesFile = resolve(options.outDir, 'content-pages.ts');
  const searchStemmerFile = resolve(options.outDir, 'search-stemmer.ts');
  const docsPagesFile = resolve(options.outDir, 'docs-pages.ts');
  const toolsDir = resolve(options.root, 'src/mcp/tools');
  const bundlesDir = resolve(options.outDir, 'functions');
  // The code that wrote the generated modules and the bundles, recorded by each bundling.
  const fingerprintFile = resolve(options.outDir, 'source-fingerprint.txt');
  // The accent colours as CSS custom properties, bundled with the pages' stylesheet (no inline
  // style), the validated logo as a module for the favicon and image endpoints, and Inter cut to
  // the characters the pages can show.
  const writeBrandStylesheet = async (content: SiteContent) => {
    await writeSiteFonts(collectSiteCharacters(content), options.outDir);
    await writeProductImage(content, contentDir, options.outDir);
    await writeGeneratedModule(
      resolve(options.outDir, 'brand.css'),
      renderBrandStylesheet(content.company),
    );
    const logo = await readFile(resolve(contentDir, content.company.logo), 'utf8');
    // readSiteContent ran the XML pass; the allow-list pass (jsdom) runs here, once per build.
    const outside = await checkLogoAgainstAllowList(logo);
    if (outside.length > 0) {
      const folder = basename(contentDir);
      throw new ContentError(
        outside.map((problem) => ({
          file: `${folder}/company.yaml`,
          field: 'logo',
          message: `${folder}/${content.company.logo} ${problem}`,
        })),
      );
    }
    await writeGeneratedModule(
      resolve(options.outDir, 'brand-logo.ts'),
      renderBrandLogoModule(logo),
    );
  };
  // The bundles api/*.js and middleware.js re-export: what Vercel ships and the local server runs
  // (not dev: Vite loads src/functions/ there, so edits reload).
  const bundle = async (logger: { info(message: string): void }) => {
    const fingerprint = await computeSourceFingerprint(options.root);
    const bundles = await bundleFunctions(
      [
        ...listFunctionEntries(resolve(options.root, 'src/functions')),
        { name: 'middleware', source: resolve(options.root, 'src/site/page-middleware.ts') },
      ],
      bundlesDir,
      // The OpenTelemetry SDK, loaded behind import() where export is on: built once for all.
      [{ name: 'otel-export', source: resolve(options.root, 'src/insight/otel-export.ts') }],
    );
    const sizes = bundles.map(
      ({ name, totalBytes }) => `${name} ${Math.ceil(totalBytes / 1024)} KiB`,
    );
    logger.info(`functions bundled: ${sizes.join(', ')}`);
    await writeGeneratedModule(fingerprintFile, `${fingerprint}\n`);
  };
  // What this build published, for the examples written after the pages.
  let published: { snapshot: SiteSnapshot; tools: readonly McpTool[] } | undefined;
  const write = async (siteUrl: string) => {
    const content = await readSiteContent(contentDir);
    await writeBrandStylesheet(content);
    // Each file of src/mcp/tools/ is a tool: listed for the bundles, described for the snapshot.
    const toolFiles = listToolModuleFiles(toolsDir);
    await writeGeneratedModule(
      toolModulesFile,
      renderToolModulesModule(toolFiles, resolve(options.outDir)),
    );
    const tools = await loadMcpTools(toolFiles);
    // vercel.ts routes the tools' reference pages by their file names.
    checkToolFileNames(toolFiles, tools);
    const snapshot = buildSiteSnapshot(
      siteUrl,
      content,
      // Refuses a malformed RATE_LIMIT_* variable, so a build never documents a wrong limit.
      readRateLimitPolicy(process.env),
      tools,
    );
    // Refuses a malformed REDIS_URL, so a deployment never runs with one.
    readRedisUrl(process.env);
    await writeGeneratedModule(snapshotFile, renderSiteSnapshotModule(snapshot));
    published = { snapshot, tools };
    await writeGeneratedModule(contentPagesFile, renderContentPagesModule(content));
    await writeGeneratedModule(
      searchStemmerFile,
      renderSearchStemmerModule(content.company.locale),
    );
    await writeGeneratedModule(
      docsPagesFile,
      renderDocsPagesModule(
        readDocsPageNames(
          snapshot.openapi,
          snapshot.mcpTools.map((tool) => tool.name),
        ),
      ),
    );
    await writeGeneratedModule(
      resolve(options.outDir, 'site-origin.ts'),
      renderSiteOriginModule(siteUrl),
    );
  };
  // Validates content/ and the variables, and writes the snapshot, before Astro builds.
  const setUp = async (command: string, logger: AstroIntegrationLogger) => {
    const kept =
      command === 'sync' &&
      existsSync(snapshotFile) &&
      existsSync(originFile) &&
      existsSync(toolModulesFile) &&
      existsSync(contentPagesFile) &&
      existsSync(searchStemmerFile) &&
      existsSync(docsPagesFile);
    // The kept modules and bundles were written by other code (src/ or the lock changed since,
    // as after a `git pull`): written again, for the origin the last build published.
    const stale =
      kept &&
      (await readRecordedFingerprint(fingerprintFile)) !==
        (await computeSourceFingerprint(options.root));
    if (kept && !stale) {
      // `astro check` and `astro sync` validate content/ but keep the last build's snapshot, so
      // the functions keep answering for the origin that build published.
      await writeBrandStylesheet(await readSiteContent(contentDir));
      logger.info('content/ is valid');
      // A function added since the last bundling (its api/ file re-exports a bundle) needs one.
      const functions = listFunctionEntries(resolve(options.root, 'src/functions'));
      if (listUnbundledEntries(functions, bundlesDir).length > 0) await bundle(logger);
      return;
    }
    if (command === 'build' && process.env.VERCEL) {
      // A deployment whose instances would each invent their own keys must not go out.
      await readSigningKeys(process.env);
      logger.info('OAUTH_SIGNING_KEYS is a valid key set');
    }
    const siteUrl =
      (stale && readSiteOriginModule(await readFile(originFile, 'utf8'))) || options.siteUrl;
    await write(siteUrl);
    logger.info(
      stale
        ? `content/ is valid; src/ changed since the generated modules were written: written again for ${siteUrl}`
        : `content/ is valid; publishing for ${siteUrl}`,
    );
    // Said here, once, with the content's other findings: the image itself is drawn among the
    // prerendered pages, whose progress lines a warning would break into. Imported now, not with
    // the config: brand-images.ts re-exports the logo module write() has just generated (a fresh
    // checkout has none when the config loads), and loads satori and resvg, which only a build
    // needs.
    if (command === 'build' && published) {
      const { formatLeftOutLine, listLeftOutLines } = await import('./brand-images.ts');
      for (const line of await listLeftOutLines(published.snapshot.content.company)) {
        logger.warn(formatLeftOutLine(line));
      }
    }
    // A build bundles once, in astro:build:done, when the pages' sections are written; nothing
    // of the pages' build imports the bundles. `astro sync` without a snapshot (a fresh
    // checkout's `npm run check`) bundles here, so api/*.js type-check against the bundles.
    if (command !== 'dev' && command !== 'build') await bundle(logger);
  };
  return {
    name: 'site-snapshot',
    hooks: {
      'astro:config:setup': async ({ command, isRestart, logger }) => {
        try {
          await setUp(command, logger);
        } catch (error) {
          await endForOwnerMistake(error, logger, isRestart);
        }
      },
      // The search-index integration (before this one) has written the built pages' sections and
      // packed them into a generated module the MCP function imports: write the examples of the
      // tools that search them into their pages, and bundle, so the function ships them.
      'astro:build:done': async ({ dir, logger }) => {
        if (published) {
          const root = fileURLToPath(dir);
          // The content language's stemmer, as the MCP function bundles it (search-stemmer.ts).
          const stem = await loadContentStemmer(published.snapshot.content.company.locale);
          const pageSearch = {
            ...parsePageSearchFile(await readFile(join(root, PAGE_SEARCH_INDEX_PATH), 'utf8')),
            stem,
          };
          const written = await writeToolExamples(root, {
            ...buildSiteDocuments(published.snapshot),
            tools: published.tools,
            pageSearch: () => Promise.resolve(pageSearch),
            searchStemmer: () => Promise.resolve(stem),
          });
          logger.info(`example results written after the pages: ${written.join(', ') || 'none'}`);
          // A link of content/'s Markdown to a path the site does not publish: said, not refused
          // (the build is done; the owner fixes the link or the page it meant).
          const { content } = published.snapshot;
          const routes = buildSiteRoutes(
            content,
            published.tools.map((tool) => tool.name),
          );
          const find = createLinkFinder(routes, root);
          for (const warning of await listDeadLinkWarnings(contentDir, content, find)) {
            logger.warn(warning);
          }
        }
        await options.afterPages?.(dir, logger);
        await bundle(logger);
      },
      'astro:routes:resolved': ({ routes }) => {
        // The dev middleware treats a path one of these routes answers as an existing file. The
        // generic routes would match paths they do not serve, so they count for the paths the
        // route table gives them only (the content pages, the documents' files, the reference's
        // pages, the pages' Markdown versions; see astro:server:setup).
        routePatterns = routes
          .filter((route) => !GENERIC_ROUTE_PATTERNS.has(route.pattern))
          .map((route) => route.patternRegex);
      },
      'astro:server:setup': async ({ server, logger }) => {
        // The functions run on the content as last saved (readFunctionLoader).
        const functionLoader = readFunctionLoader(server);
        // The route table and Vercel configuration of the content being served: computed again
        // after every valid save in content/, so a page added or removed is routed at once. The
        // route table also tells the dead-link check which paths are pages.
        const serveContent = (content: SiteContent) => {
          const toolNames = readToolNamesOfFiles(listToolModuleFiles(toolsDir));
          const routes = buildSiteRoutes(content, toolNames);
          const generated = new Set([
            ...routes.pages
              .filter((page) => page.section === 'content' || page.section === 'docs')
              .map((page) => page.path),
            ...routes.surfaces.flatMap(listDocumentFiles),
            // What [...page].md.ts serves: every page's Markdown version.
            ...routes.pages.map((page) => page.markdownPath),
          ]);
          const middleware = createDevMiddleware(functionLoader, {
            root: options.root,
            siteUrl: options.siteUrl,
            vercelConfig: buildSiteVercelConfig(content, toolNames),
            routes,
            isRoute: (pathname) =>
              generated.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ||
              routePatterns.some((pattern) => pattern.test(pathname)),
          });
          return { ...middleware, routes };
        };
        let served = serveContent(await readSiteContent(contentDir));
        server.middlewares.use((req, res, next) => served.handle(req, res, next));
        server.watcher.add(contentDir);
        // A content file saved with a mistake: the pages keep the last valid content, the
        // terminal names the problem, and so does Astro's error overlay, in the open pages and in
        // any page (re)loaded before the content is valid again (Astro reloads the pages on every
        // save in content/, often before the problem is known). A valid save reloads them.
        const hot = server.environments.client.hot;
        let problem: ContentProblemPayload | undefined;
        // Astro rewrites an error payload it is given in place (its file, its stack): each send
        // gets a copy, so a page that connects later is told the same.
        hot.on('connection', () => {
          if (problem) hot.send(structuredClone(problem));
        });
        const saves = watchContentSaves(contentDir, (save) => {
          // Only the last save's result counts.
          write(options.siteUrl)
            .then(async () => {
              if (save !== saves.latest() || !published) return;
              const { content } = published.snapshot;
              served = serveContent(content);
              // The owner saw a problem named: say that the save mended it, and the pages follow.
              if (problem) logger.info('content/ is valid again; the open pages reload with it');
              problem = undefined;
              // A link of the saved content to a path the site does not serve: said at once, in
              // the build's words, unless another save came meanwhile.
              const origin = server.resolvedUrls?.local[0];
              if (!origin) return;
              const { routes, routesNowhere } = served;
              const warnings = await listDevDeadLinkWarnings(contentDir, content, {
                routes,
                routesNowhere,
                origin,
              });
              if (save !== saves.latest()) return;
              for (const warning of warnings) logger.warn(warning);
            })
            .catch((error: unknown) => {
              logger.error(String(error));
              if (save !== saves.latest() || !(error instanceof ContentError)) return;
              problem = buildContentProblemPayload(error, contentDir, server.config.root);
              hot.send(structuredClone(problem));
            });
        });
        server.watcher.on('all', saves.onEvent);
      },
    },
  };
}
