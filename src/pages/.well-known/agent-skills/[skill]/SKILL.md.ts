import type { GetStaticPaths } from 'astro';
import { agentReadiness } from '../../../../site/agent-readiness.ts';
import type { AgentSkill } from '../../../../documents/agent-skills.ts';
import { documentResponse } from '../../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../../service/media-types.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  agentReadiness.agentSkills.map((skill) => ({
    params: { skill: skill.name },
    props: { skill },
  }))) satisfies GetStaticPaths;

/** GET /.well-known/agent-skills/<name>/SKILL.md: the bytes the index's digest covers. */
export const GET = ({ props }: { props: { skill: AgentSkill } }) =>
  documentResponse(props.skill.markdown, MEDIA_TYPES.markdown);
