import { describe, expect, it } from 'vitest';
import crawlers from 'crawler-user-agents';
import {
  AGENT_KINDS,
  AgentCatalogue,
  MAX_UNLISTED_NAME,
  readRequiredLiteral,
} from '../../src/insight/agent-catalogue.ts';

const catalogue = new AgentCatalogue();

/** The package's own reading: the first pattern that matches, tried one by one. */
function findFirstPattern(userAgent: string): string | undefined {
  return crawlers.find(({ pattern }) => new RegExp(pattern).test(userAgent))?.pattern;
}

describe('AgentCatalogue', () => {
  it('should name the agent of every example User-Agent the package lists, as a plain scan would', () => {
    let examples = 0;
    for (const { instances } of crawlers) {
      for (const userAgent of instances) {
        examples += 1;
        expect(catalogue.classify(userAgent)?.id, userAgent).toBe(findFirstPattern(userAgent));
      }
    }
    expect(examples).toBeGreaterThan(1000);
  }, 60_000);

  it('should tell AI agents apart by operator and kind', () => {
    const gptBot = catalogue.classify(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    );
    expect(gptBot).toEqual({
      id: 'GPTBot',
      name: 'GPTBot',
      operator: 'OpenAI',
      kind: 'training-crawler',
    });
    expect(
      catalogue.classify(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot',
      ),
    ).toMatchObject({ operator: 'OpenAI', kind: 'user-fetch' });
    expect(
      catalogue.classify(
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ),
    ).toMatchObject({ name: 'Googlebot', operator: 'google.com', kind: 'search-crawler' });
    expect(catalogue.classify('curl/8.5.0')).toMatchObject({ kind: 'http-client' });
  });

  it('should name an agent as its example User-Agent spells it', () => {
    expect(
      catalogue.classify('Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'),
    ).toMatchObject({
      id: '[cC]laude[bB]ot',
      name: 'ClaudeBot',
      operator: 'Anthropic',
    });
  });

  it('should classify a browser as no agent: a person', () => {
    for (const browser of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ]) {
      expect(catalogue.classify(browser), browser).toBeNull();
    }
  });

  it('should count an empty header, no header and a program the list does not name as unlisted clients', () => {
    const noHeader = {
      id: '(none)',
      name: '(no User-Agent)',
      operator: 'unknown',
      kind: 'unlisted-client',
    };
    expect(catalogue.classify(undefined)).toEqual(noHeader);
    expect(catalogue.classify('')).toEqual(noHeader);
    // Node's fetch (the MCP TypeScript SDK's transport), Java's HttpClient, a tool, an agent.
    for (const [userAgent, name] of [
      ['node', 'node'],
      ['Java-http-client/21.0.5', 'Java-http-client'],
      ['PostmanRuntime/7.43.0', 'PostmanRuntime'],
      ['acme-research-agent/0.3 (+https://acme.example/agent)', 'acme-research-agent'],
      [`${'A'.repeat(100)}/1`, 'A'.repeat(MAX_UNLISTED_NAME)],
      ['(compatible; nameless)', '(unlisted)'],
    ]) {
      expect(catalogue.classify(userAgent), userAgent).toEqual({
        id: '(unlisted)',
        name,
        operator: 'unknown',
        kind: 'unlisted-client',
      });
    }
  });

  it('should keep every AI agent of its table among the package patterns', () => {
    const patterns = new Set(crawlers.map(({ pattern }) => pattern));
    expect(Object.keys(AGENT_KINDS).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  });

  it('should match only the first 512 characters of a huge header', () => {
    expect(catalogue.classify(`Mozilla/5.0 ${'x'.repeat(600)} GPTBot/1.0`)).toBeNull();
    expect(catalogue.classify(`GPTBot/1.0 ${'x'.repeat(100_000)}`)?.id).toBe('GPTBot');
  });
});

describe('readRequiredLiteral', () => {
  it('should read the text every match must hold', () => {
    expect(readRequiredLiteral('Googlebot\\/')).toBe('Googlebot/');
    expect(readRequiredLiteral('(^| )sentry\\/')).toBe('sentry/');
    expect(readRequiredLiteral('ab+cdef')).toBe('cdef');
    expect(readRequiredLiteral('abc{2}defg')).toBe('defg');
    expect(readRequiredLiteral('Chirp|gotosocial')).toBe('');
    expect(readRequiredLiteral('[cC]laude[bB]ot')).toBe('laude');
  });
});
