import { describe, expect, it } from 'vitest';
import { buildAssistantLinks } from '../../src/reference/assistant-links.ts';

describe('buildAssistantLinks', () => {
  const markdownUrl = 'https://facts-git-main-team.vercel.app/docs.md';
  const links = buildAssistantLinks(markdownUrl, 'API docs & reference');

  it('should open ChatGPT and Claude with one prompt naming the Markdown URL', () => {
    const chatGpt = new URL(links.chatGpt);
    const claude = new URL(links.claude);
    expect(`${chatGpt.origin}${chatGpt.pathname}`).toBe('https://chatgpt.com/');
    expect(`${claude.origin}${claude.pathname}`).toBe('https://claude.ai/new');
    expect(chatGpt.searchParams.get('q')).toBe(links.prompt);
    expect(claude.searchParams.get('q')).toBe(links.prompt);
    expect(links.prompt).toContain(markdownUrl);
    expect(links.prompt).toContain('"API docs & reference"');
  });
});
