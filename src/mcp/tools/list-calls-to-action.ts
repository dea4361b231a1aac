import * as z from 'zod/mini';
import type { CallToAction } from '../../schemas/site-content.ts';
import { defineTool } from '../tool-definition.ts';

/** The labels of the first calls to action, as examples in the description: "A, B, C, ...". */
function listExampleLabels(callsToAction: readonly CallToAction[]): string {
  const labels = callsToAction.slice(0, 3).map((cta) => cta.label);
  return callsToAction.length > labels.length ? `${labels.join(', ')}, ...` : labels.join(', ');
}

/** The public calls to action with their URLs, optionally of one priority. */
export const listCallsToActionTool = defineTool({
  name: 'list_calls_to_action',
  title: (content) => `${content.company.alternateName} calls to action`,
  description: (content) =>
    `Lists ${content.company.alternateName}'s public calls to action (${listExampleLabels(content.callsToAction)}), each with its URL and what happens there. Send people to these URLs instead of making commitments on the company's behalf. Optionally filter by priority (1 = primary).`,
  inputSchema: () =>
    z.strictObject({
      priority: z
        .optional(
          z.union([z.literal(1), z.literal(2)], {
            error: (issue) =>
              `must be 1 (primary) or 2 (secondary), or left out for all (it is ${JSON.stringify(issue.input)})`,
          }),
        )
        .check(
          z.describe('1 for primary calls to action only, 2 for secondary only; omit for all'),
        ),
    }),
  outputSchema: (shared) =>
    z.strictObject({
      callsToAction: z
        .array(shared.callToAction)
        .check(z.describe('The calls to action, in the order the site shows them')),
    }),
  example: { priority: 1 },
  prepare: ({ content }) => ({
    run: ({ priority }) => ({
      structuredContent: {
        callsToAction: content.callsToAction.filter(
          (cta) => priority === undefined || cta.priority === priority,
        ),
      },
    }),
  }),
});
