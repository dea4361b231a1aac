// @ts-check
import vercel from '@astrojs/vercel';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { siteSnapshotIntegration } from './src/integrations/site-snapshot.ts';
import { resolveContentDir } from './src/lib/content/content-dir.ts';
import { resolveSiteUrl } from './src/lib/site-url.ts';

const siteUrl = resolveSiteUrl(process.env);
const contentDir = resolveContentDir(process.env);

export default defineConfig({
  site: siteUrl,
  output: 'static',
  adapter: vercel(),
  trailingSlash: 'ignore',
  // A strict Content-Security-Policy (no 'unsafe-inline') allows only same-origin files.
  build: { inlineStylesheets: 'never' },
  // Astro inlines small processed scripts below Vite's asset inline limit; 0 keeps them files.
  vite: { build: { assetsInlineLimit: 0 } },
  integrations: [
    siteSnapshotIntegration({
      contentDir,
      siteUrl,
      root: fileURLToPath(new URL('./', import.meta.url)),
      outDir: fileURLToPath(new URL('./src/generated/', import.meta.url)),
    }),
  ],
});
