import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { formatContentUsage } from '../src/documents/robots-txt.ts';
import { resolveContentDir } from '../src/site-content/content-dir.ts';
import { readSiteContent } from '../src/site-content/read-site-content.ts';
import { SURFACES } from '../src/service/routes.ts';
import { buildVercelConfig } from '../src/service/vercel-config.ts';

/** Where Vercel reads its configuration: the repository root. */
export const VERCEL_JSON_PATH = fileURLToPath(new URL('../vercel.json', import.meta.url));

/**
 * vercel.json's text as `npm run vercel-config` writes it: the route table and the usage
 * preferences of `content/agents.yaml` (`Content-Usage`), formatted by prettier.
 */
export async function renderVercelJson(): Promise<string> {
  const options = await resolveConfig(VERCEL_JSON_PATH);
  const content = await readSiteContent(resolveContentDir(process.env));
  const config = buildVercelConfig(SURFACES, { contentUsage: formatContentUsage(content) });
  return format(JSON.stringify(config), { ...options, filepath: VERCEL_JSON_PATH });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(VERCEL_JSON_PATH, await renderVercelJson());
  console.log(
    `Wrote ${VERCEL_JSON_PATH} from the route table (src/service/routes.ts) and content/agents.yaml.`,
  );
}
