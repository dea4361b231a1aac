import type { SiteDocuments } from '../documents/site-documents.ts';
import { invalidParams, readObjectParams, readPage, type AddMcpMethod } from './method-context.ts';
import { buildSkillCatalog } from './skills.ts';

/**
 * Adds skills/list and skills/get of the skills extension (`io.modelcontextprotocol/skills`):
 * every published agent skill with its front matter and the digest and size of its SKILL.md,
 * which resources/read serves under its `skill://` URI.
 * @see modelcontextprotocol/ext-skills specification/stable/skills.mdx (SEP-2640)
 */
export function addSkillMethods(addMethod: AddMcpMethod, site: SiteDocuments): void {
  const catalog = buildSkillCatalog(site);

  addMethod('skills/list', (params) => {
    const { items, ...next } = readPage(
      'skills/list',
      catalog.entries,
      readObjectParams(params).cursor,
    );
    return { skills: items, ...next };
  });

  /** An unknown URI is -32602, as resources/read answers an unknown resource (SEP-2640). */
  addMethod('skills/get', (params) => {
    const { uri } = readObjectParams(params);
    if (typeof uri !== 'string') throw invalidParams('skills/get needs params.uri (a string)');
    const skill = catalog.get(uri);
    if (!skill) {
      throw invalidParams(
        `Skill not found: ${uri}. Call skills/list for the skills this server serves.`,
        { uri },
      );
    }
    return { skill };
  });
}
