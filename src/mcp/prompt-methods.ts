import type { SiteDocuments } from '../documents/site-documents.ts';
import { getVersionFeatures } from '../service/mcp-protocol.ts';
import {
  invalidParams,
  readObjectParams,
  readPage,
  withTitle,
  type AddMcpMethod,
} from './method-context.ts';
import { buildPrompts } from './prompts.ts';

/**
 * Adds prompts/list and prompts/get.
 * @see MCP 2025-11-25 server/prompts
 */
export function addPromptMethods(addMethod: AddMcpMethod, site: SiteDocuments): void {
  const prompts = buildPrompts(site);
  const promptsByName = new Map(prompts.map((prompt) => [prompt.name, prompt]));

  addMethod('prompts/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = readPage('prompts/list', prompts, readObjectParams(params).cursor);
    return {
      prompts: items.map(({ render: _render, arguments: promptArguments, ...prompt }) => ({
        ...withTitle(prompt, features),
        arguments: promptArguments,
      })),
      ...next,
    };
  });

  addMethod('prompts/get', (params) => {
    const { name, arguments: args } = readObjectParams(params);
    if (typeof name !== 'string') throw invalidParams('prompts/get needs params.name (a string)');
    const prompt = promptsByName.get(name);
    if (!prompt) {
      throw invalidParams(`Unknown prompt: ${name}. Call prompts/list for the available prompts.`, {
        prompts: prompts.map((entry) => entry.name),
      });
    }
    const values = args ?? {};
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw invalidParams('params.arguments must be an object of strings');
    }
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string') throw invalidParams(`Argument ${key} must be a string`);
    }
    const missing = prompt.arguments.filter(
      (argument) => argument.required && !(values as Record<string, string>)[argument.name],
    );
    if (missing.length > 0) {
      throw invalidParams(
        `Missing required argument: ${missing.map((argument) => argument.name).join(', ')}`,
      );
    }
    return {
      description: prompt.description,
      messages: prompt.render(values as Record<string, string>),
    };
  });
}
