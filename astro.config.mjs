// @ts-check
import vercel from '@astrojs/vercel';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { devServerAddressIntegration } from './src/integrations/dev-server-address.ts';
import { markdownTokensIntegration } from './src/integrations/markdown-tokens.ts';
import { searchIndexIntegration } from './src/integrations/search-index.ts';
import { buildSiteMarkdown } from './src/integrations/site-markdown.ts';
import { siteSnapshotIntegration } from './src/integrations/site-snapshot.ts';
import { withoutStackForOwner } from './src/server/owner-errors.ts';
import { resolveContentDir } from './src/site-content/content-dir.ts';
import { readContentLocale } from './src/site-content/content-locale.ts';
import { resolveLanguageMarks } from './src/site-content/page-languages.ts';
import { readListenAddress, resolveSiteUrl } from './src/service/site-url.ts';

const { siteUrl, listen } = (() => {
  try {
    return { siteUrl: resolveSiteUrl(process.env), listen: readListenAddress(process.env) };
  } catch (error) {
    // SITE_URL (or HOST/PORT) is wrong: its message names the variable, a stack would not help.
    throw withoutStackForOwner(error);
  }
})();
const contentDir = resolveContentDir(process.env);
const generatedDir = fileURLToPath(new URL('./src/generated', import.meta.url));
// x-markdown-tokens: counts every Markdown answer once the build's files are final (the
// site-snapshot integration calls it after writing the tools' example results into their pages)
// into the module the middleware bundles, and adds a header route per file to the Vercel
// adapter's config.json.
const markdownTokens = markdownTokensIntegration({ contentDir, generatedDir });

export default defineConfig({
  site: siteUrl,
  output: 'static',
  adapter: vercel(),
  trailingSlash: 'ignore',
  // `npm run dev` listens on HOST:PORT, as `npm start` does: the origin it publishes when SITE_URL
  // is unset. A port in use stops it (strictPort) instead of moving it to the next one, whose
  // pages would link to the origin where nothing listens (src/integrations/dev-server-address.ts).
  server: { host: listen.host, port: listen.port },
  // Stylesheets as files, never inline, so the Content-Security-Policy needs no 'unsafe-inline'.
  build: { inlineStylesheets: 'never' },
  // Scripts (and styles) as files under /_astro/, never inlined, so `script-src 'self'` allows them.
  vite: { build: { assetsInlineLimit: 0 }, server: { strictPort: true } },
  // Content Markdown: heading anchors, code highlighted by class, punctuation as written.
  markdown: buildSiteMarkdown(resolveLanguageMarks(readContentLocale(contentDir))),
  integrations: [
    // Before anything is read or written: a dev server that cannot listen where the site
    // publishes stops here.
    devServerAddressIntegration(),
    // Before the site snapshot: its start-up hook writes the module the function bundles import, and its build hook
    // packs the pages' sections for them before the site-snapshot integration bundles.
    searchIndexIntegration({ contentDir, generatedDir }),
    markdownTokens,
    siteSnapshotIntegration({
      contentDir,
      siteUrl,
      root: fileURLToPath(new URL('./', import.meta.url)),
      outDir: generatedDir,
      afterPages: markdownTokens.countAnswers,
    }),
  ],
});
