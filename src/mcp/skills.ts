import { buildAgentSkills, digestText } from '../documents/agent-skills.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { McpResource } from './resources.ts';

/** One file of a skill, with the digest and size of its bytes. @see SEP-2640 SkillResource */
export interface SkillResource {
  readonly uri: string;
  /** `sha256:` and 64 lowercase hex digits of the file's UTF-8 bytes. */
  readonly digest: string;
  readonly size: number;
}

/** A skill entry of skills/list and skills/get. @see SEP-2640 Skill */
export interface SkillEntry {
  /** The resource URI of the skill's SKILL.md. */
  readonly uri: string;
  /** The SKILL.md front matter, as a JSON object. */
  readonly frontmatter: { readonly name: string; readonly description: string };
  /** Every file of the skill: here, only its SKILL.md. */
  readonly resources: readonly SkillResource[];
}

export interface SkillCatalog {
  readonly entries: readonly SkillEntry[];
  /** Each skill's SKILL.md as a resource, read with resources/read. */
  readonly resources: readonly McpResource[];
  /** The entry of the skill whose SKILL.md has this URI, or undefined. */
  get(uri: string): SkillEntry | undefined;
}

/** The resource URI of a skill's SKILL.md: `skill://<name>/SKILL.md`. @see SEP-2640 Resource Mapping */
function buildSkillUri(name: string): string {
  return `skill://${name}/SKILL.md`;
}

/**
 * The published agent skills (the SKILL.md files under /.well-known/agent-skills/) as the MCP
 * skills extension serves them: the same bytes, so each digest equals the one the agent-skills
 * index publishes. @see modelcontextprotocol/ext-skills specification/stable/skills.mdx (SEP-2640)
 */
export function buildSkillCatalog(site: SiteDocuments): SkillCatalog {
  const skills = buildAgentSkills(site.content, site.urls, site.mcpTools);
  const entries = skills.map((skill): SkillEntry => {
    const uri = buildSkillUri(skill.name);
    return {
      uri,
      frontmatter: { name: skill.name, description: skill.description },
      resources: [
        { uri, digest: digestText(skill.markdown), size: Buffer.byteLength(skill.markdown) },
      ],
    };
  });
  const resources = skills.map((skill): McpResource => ({
    uri: buildSkillUri(skill.name),
    name: skill.name,
    title: `Skill: ${skill.name}`,
    description: skill.description,
    mimeType: MEDIA_TYPES.markdown,
    text: skill.markdown,
  }));
  const byUri = new Map(entries.map((entry) => [entry.uri, entry]));
  return { entries, resources, get: (uri) => byUri.get(uri) };
}
