import * as z from 'zod/mini';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { defineTool } from '../tool-definition.ts';

/** The documents get_agent_document serves. */
const AGENT_DOCUMENT_NAMES = ['llms.txt', 'llms-full.txt', 'auth.md'] as const;

/** One of the text documents published for agents: llms.txt, llms-full.txt or auth.md. */
export const getAgentDocumentTool = defineTool({
  name: 'get_agent_document',
  title: () => 'Agent documents (llms.txt, llms-full.txt, auth.md)',
  description: () =>
    'Returns one of the text documents published for AI agents: llms.txt (a concise index of every resource), llms-full.txt (the whole public site copy and the API reference in one text) or auth.md (how to get the optional anonymous token).',
  inputSchema: () =>
    z.strictObject({
      document: z
        .enum(AGENT_DOCUMENT_NAMES)
        .check(
          z.describe(
            'llms.txt (concise index), llms-full.txt (all site copy and the API reference) or auth.md (anonymous OAuth flow)',
          ),
        ),
    }),
  outputSchema: () =>
    z.strictObject({
      name: z.string().check(z.describe('The document asked for, by its file name')),
      uri: z.url().check(z.describe('Where the document is served over HTTP')),
      mimeType: z.string().check(z.describe('The media type of the document')),
      text: z.string().check(z.describe('The whole document')),
    }),
  example: { document: 'llms.txt' },
  prepare: (site) => {
    const { urls } = site;
    const documents = {
      'llms.txt': { uri: urls.llmsTxt, mimeType: MEDIA_TYPES.text, text: site.llmsTxt },
      'llms-full.txt': {
        uri: urls.llmsFullTxt,
        mimeType: MEDIA_TYPES.text,
        text: site.llmsFullTxt,
      },
      'auth.md': { uri: urls.authMd, mimeType: MEDIA_TYPES.markdown, text: site.authMd },
    };
    return {
      run: ({ document }) => {
        const entry = documents[document];
        return { structuredContent: { name: document, ...entry }, text: entry.text };
      },
    };
  },
});
