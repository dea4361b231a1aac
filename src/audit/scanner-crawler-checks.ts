import type { AuditCheck } from './audit-check.ts';
import { expectDocument } from './audit-expectations.ts';
import { ARD, IAR } from './check-sources.ts';

/** AI crawlers a robots.txt group may name (isitagentready robotsTxtAiRules). */
const AI_CRAWLER_NAMES = [
  'gptbot',
  'chatgpt-user',
  'oai-searchbot',
  'google-extended',
  'ccbot',
  'anthropic-ai',
  'claudebot',
  'claude-web',
  'perplexitybot',
  'bytespider',
  'cohere-ai',
  'applebot-extended',
  'amazonbot',
  'meta-externalagent',
  'facebookbot',
  'diffbot',
];

interface RobotsGroup {
  readonly agents: string[];
  readonly rules: { field: string; value: string }[];
}

/** Parses robots.txt into groups (RFC 9309 §2.1) and its Sitemap lines. */
function parseRobots(text: string): { groups: RobotsGroup[]; sitemaps: string[] } {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = (match[1] ?? '').toLowerCase();
    const value = (match[2] ?? '').trim();
    if (field === 'sitemap') {
      sitemaps.push(value);
    } else if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    } else if (current) {
      current.rules.push({ field, value });
    }
    lastWasAgent = false;
  }
  return { groups, sitemaps };
}

/** True when a group's rules disallow a path (longest match wins, RFC 9309 §2.2.2). */
function disallows(group: RobotsGroup, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const rule of group.rules) {
    if ((rule.field !== 'allow' && rule.field !== 'disallow') || rule.value === '') continue;
    const prefix = rule.value.replace(/\*.*$/, '').replace(/\$$/, '');
    if (!path.startsWith(prefix)) continue;
    const allow = rule.field === 'allow';
    if (rule.value.length > best.length || (rule.value.length === best.length && allow))
      best = { length: rule.value.length, allow };
  }
  return !best.allow;
}

/** What crawlers read first: robots.txt and the sitemap (whose pages the page checks walk). */
export const SCANNER_CRAWLER_CHECKS: readonly AuditCheck[] = [
  {
    id: 'robots-txt',
    title: 'robots.txt: AI crawler rules, Content-Signal and Sitemap',
    sources: [
      IAR('robotsTxt'),
      IAR('robotsTxtAiRules'),
      IAR('contentSignals'),
      ARD('robots-ai-crawlers'),
      'RFC 9309',
    ],
    fix: 'Serve /robots.txt as text/plain with a group naming the AI crawlers, Allow rules that keep / and /llms.txt open, a "Content-Signal: search=…, ai-input=…, ai-train=…" line and a Sitemap line (src/documents/robots-txt.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/robots.txt`, 'text/plain');
      if (!expectDocument(scope, response, ['text/plain'])) return;
      const { groups, sitemaps } = parseRobots(response.text);
      scope.expect(groups.length > 0, 'no User-agent line');
      const aiGroups = groups.filter((group) =>
        group.agents.some((agent) => AI_CRAWLER_NAMES.includes(agent)),
      );
      scope.expect(aiGroups.length > 0, 'no group names an AI crawler');
      const named = new Set(aiGroups.flatMap((group) => group.agents));
      for (const group of [...aiGroups, ...groups.filter((g) => g.agents.includes('*'))]) {
        for (const path of ['/', '/llms.txt']) {
          scope.expect(!disallows(group, path), `${group.agents.join(', ')} may not fetch ${path}`);
        }
      }
      const signals = groups.flatMap((group) =>
        group.rules.filter((rule) => rule.field === 'content-signal').map((rule) => rule.value),
      );
      scope.expect(signals.length > 0, 'no Content-Signal line in a group');
      for (const signal of signals) {
        scope.expect(
          /^(search|ai-input|ai-train)=(yes|no)(\s*,\s*(search|ai-input|ai-train)=(yes|no))*$/.test(
            signal,
          ),
          `Content-Signal "${signal}" is malformed`,
        );
      }
      scope.expect(sitemaps.length > 0, 'no Sitemap line');
      scope.expect(
        sitemaps.every((url) => /^https?:\/\//.test(url)),
        'a Sitemap URL is not absolute',
      );
      scope.note(
        `${groups.length} groups, ${named.size} AI crawlers named, Content-Signal ${signals[0] ?? '-'}`,
      );
    },
  },
  {
    id: 'sitemap',
    title: 'sitemap.xml lists every page with lastmod',
    sources: [IAR('sitemap'), ARD('sitemap-lastmod'), 'sitemaps.org'],
    fix: 'Serve /sitemap.xml (application/xml) as a urlset with a <loc> and <lastmod> per page, and name it in robots.txt (src/documents/sitemap-xml.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/sitemap.xml`, 'application/xml');
      if (!expectDocument(scope, response, ['application/xml', 'text/xml'])) return;
      scope.expect(
        /<urlset[^>]*xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/.test(
          response.text,
        ),
        'no sitemaps.org urlset',
      );
      const entries = [...response.text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
      scope.expect(entries.length > 0, 'no <url> entries');
      const pages: string[] = [];
      for (const entry of entries) {
        const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1]?.trim();
        const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1]?.trim();
        if (!scope.expect(loc !== undefined, 'an entry has no <loc>') || !loc) continue;
        scope.expect(
          lastmod !== undefined && !Number.isNaN(Date.parse(lastmod)),
          `${loc} has no valid <lastmod>`,
        );
        scope.expect(loc.startsWith(`${context.origin}/`), `${loc} is not on ${context.origin}`);
        pages.push(loc);
      }
      scope.expect(pages.includes(`${context.origin}/`), 'the home page is not listed');
      if (pages.length > 0) context.state.pages = pages;
      scope.note(`${pages.length} pages`);
    },
  },
];
