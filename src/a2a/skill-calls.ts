import { JSONRPCErrorException } from 'json-rpc-2.0';
import { findTextSkill } from '../documents/text-skill.ts';
import type { A2aSkillCall } from '../schemas/a2a-messages.ts';
import { A2A_ERRORS } from '../service/a2a-protocol.ts';
import { describeIssues } from '../mcp/tool-methods.ts';
import { buildToolRunners, type McpSite } from '../mcp/tool-registry.ts';

/** The media types every skill answers in: a data part (JSON) and a text part. */
export const A2A_OUTPUT_MODES = ['application/json', 'text/plain'] as const;

/** What a message asks for, read from either A2A version's shape. */
export interface SkillRequest {
  /** The skill and its arguments, when a data part or the message's metadata names one. */
  readonly call?: A2aSkillCall | undefined;
  /** The message's text parts, joined. */
  readonly text: string;
  /** True when a part carries a file (bytes or a URL), which no skill takes. */
  readonly hasFileParts: boolean;
  /** The media types the client accepts in the answer (none listed: any). */
  readonly acceptedOutputModes?: readonly string[] | undefined;
}

/** A skill's answer: the tool's structured result and its text. */
export interface SkillAnswer {
  readonly skill: string;
  readonly data: Record<string, unknown>;
  readonly text: string;
}

/** Runs the skill a message asks for; refusals are JSON-RPC errors with A2A codes. */
export type SkillRunner = (request: SkillRequest) => Promise<SkillAnswer>;

/**
 * Prepares every skill (one per MCP tool, run by the same tool functions over the same documents).
 * A message runs the skill its data part or metadata names (`{"skill": ..., "arguments": {...}}`);
 * a message with text only runs the text skill (findTextSkill) with the text as its query.
 * @see A2A 1.0 §4.1.10 AgentSkill and §3.1.1 Send Message
 */
export function createSkillRunner(site: McpSite): SkillRunner {
  const runners = buildToolRunners(site);
  const names = site.mcpTools.map((tool) => tool.name);
  const textSkill = findTextSkill(site.mcpTools);

  return async (request) => {
    if (request.hasFileParts) {
      throw new JSONRPCErrorException(
        'File parts are not supported: send a data part naming a skill, or text.',
        A2A_ERRORS.contentTypeNotSupported,
      );
    }
    const accepted = request.acceptedOutputModes ?? [];
    if (accepted.length > 0 && !accepted.some((mode) => isOutputMode(mode))) {
      throw new JSONRPCErrorException(
        `Every skill answers in ${A2A_OUTPUT_MODES.join(' and ')}; the request accepts neither.`,
        A2A_ERRORS.contentTypeNotSupported,
        { outputModes: [...A2A_OUTPUT_MODES] },
      );
    }
    const text = request.text.trim();
    const call =
      request.call ??
      (textSkill && text ? { skill: textSkill, arguments: { query: text } } : undefined);
    if (!call) {
      throw new JSONRPCErrorException(
        `Name a skill in a data part, {"skill": "<id>", "arguments": {...}}, or send text${textSkill ? ` (answered by ${textSkill})` : ''}. Skills: ${names.join(', ')}.`,
        A2A_ERRORS.invalidParams,
        { skills: names },
      );
    }
    const runner = runners.get(call.skill);
    if (!runner) {
      throw new JSONRPCErrorException(
        `Unknown skill: ${call.skill}. Skills: ${names.join(', ')}.`,
        A2A_ERRORS.invalidParams,
        { skills: names },
      );
    }
    const parsed = runner.inputSchema.safeParse(call.arguments ?? {});
    if (!parsed.success) {
      throw new JSONRPCErrorException(
        `Invalid arguments for ${call.skill}: ${describeIssues(parsed.error)}`,
        A2A_ERRORS.invalidParams,
        { issues: parsed.error.issues },
      );
    }
    const output = await runner.run(parsed.data);
    return { skill: call.skill, data: output.structuredContent, text: output.text };
  };
}

/** True for a media type (or range) that covers one of the skills' output modes. */
function isOutputMode(mode: string): boolean {
  const range = mode.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    range === '*/*' ||
    range === 'text/*' ||
    range === 'application/*' ||
    (A2A_OUTPUT_MODES as readonly string[]).includes(range)
  );
}
