import type { Company } from '../schemas/site-content.ts';
import { foldToKebabCase } from './latin-letters.ts';

/** The longest slug: a skill name may have 64 characters, and `-anonymous-oauth` takes 16. */
const COMPANY_SLUG_MAX = 40;

/**
 * The company's name as a slug for identifiers (skill names, the MCP server's name, client
 * configuration keys): the short name folded to ASCII, else the full name, else the first label
 * of the website's host, so a company written in any script gets lowercase letters, digits and
 * single hyphens, as the Agent Skills specification requires of a skill name.
 * @see https://agentskills.io/specification (the name field)
 */
export function buildCompanySlug(
  company: Pick<Company, 'alternateName' | 'name' | 'website'>,
): string {
  const host = new URL(company.website).hostname.replace(/^www\./, '').split('.')[0] ?? '';
  for (const candidate of [company.alternateName, company.name, host]) {
    // Accents dropped (é → e), letters without one as those they stand for (`Ilıca` → `ilica`).
    const slug = foldToKebabCase(candidate, COMPANY_SLUG_MAX);
    if (slug) return slug;
  }
  return 'site';
}
