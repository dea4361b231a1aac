import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CompanySchema } from '../schemas/site-content.ts';

/**
 * The locale content/company.yaml names, read on its own before the content is validated: the
 * Markdown processor (astro.config.mjs) is configured before the content collection is read, and
 * marks its heading anchors' words as the site's by it. A missing, unreadable or invalid file or
 * locale gives the schema's default: the content reader reports it, with every other problem,
 * when the build reads content/.
 */
export function readContentLocale(contentDir: string): string {
  const fallback = CompanySchema.shape.locale.parse(undefined);
  let data: unknown;
  try {
    data = parseYaml(readFileSync(join(contentDir, 'company.yaml'), 'utf8'));
  } catch {
    return fallback;
  }
  const locale =
    typeof data === 'object' && data !== null && 'locale' in data ? data.locale : undefined;
  const parsed = CompanySchema.shape.locale.safeParse(locale);
  return parsed.success ? parsed.data : fallback;
}
