/** Links that open an AI assistant with a prompt pointing at a page's Markdown version. */
export interface AssistantLinks {
  readonly prompt: string;
  /** ChatGPT's new chat with the prompt filled in (`q`). */
  readonly chatGpt: string;
  /** Claude's new chat with the prompt filled in (`q`). */
  readonly claude: string;
}

/**
 * The ChatGPT (`https://chatgpt.com/?q=`) and Claude (`https://claude.ai/new?q=`) links for one
 * page: the prompt names the absolute URL of its Markdown version, so the assistant reads the
 * page as agents do.
 * @see https://llmstxt.org/ (Markdown versions of pages)
 */
export function buildAssistantLinks(markdownUrl: string, pageTitle: string): AssistantLinks {
  const prompt = `Read ${markdownUrl} (the Markdown version of the page "${pageTitle}") so I can ask questions about it.`;
  const query = encodeURIComponent(prompt);
  return {
    prompt,
    chatGpt: `https://chatgpt.com/?q=${query}`,
    claude: `https://claude.ai/new?q=${query}`,
  };
}
