import * as z from 'zod';
import { AGENT_SKILLS_INDEX_SCHEMA_URL } from './discovery-schema-urls.ts';

export { AGENT_SKILLS_INDEX_SCHEMA_URL };

/** A skill name per the Agent Skills specification: 1-64 lowercase letters, digits, single hyphens. */
export const SkillNameSchema = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens');

/**
 * /.well-known/agent-skills/index.json (Cloudflare's agent-skills discovery RFC, draft): each
 * skill's URL and the sha256 digest of the exact bytes served there.
 */
export const AgentSkillsIndexSchema = z.strictObject({
  $schema: z.literal(AGENT_SKILLS_INDEX_SCHEMA_URL),
  skills: z
    .array(
      z.strictObject({
        name: SkillNameSchema,
        type: z.literal('skill-md'),
        description: z.string().min(1).max(1024),
        url: z.url(),
        digest: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256:<64 hex digits>'),
      }),
    )
    .min(1),
});
export type AgentSkillsIndex = z.infer<typeof AgentSkillsIndexSchema>;
