import type { GetStaticPaths } from 'astro';
import { agentReadiness } from '../../../../agent-readiness.ts';
import type { AgentSkill } from '../../../../lib/agent-skills.ts';
import { documentResponse, MEDIA_TYPES } from '../../../../lib/media-types.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  agentReadiness.agentSkills.map((skill) => ({
    params: { skill: skill.name },
    props: { skill },
  }))) satisfies GetStaticPaths;

/** GET /.well-known/agent-skills/<name>/SKILL.md: the bytes the index's digest covers. */
export const GET = ({ props }: { props: { skill: AgentSkill } }) =>
  documentResponse(props.skill.markdown, MEDIA_TYPES.markdown);
