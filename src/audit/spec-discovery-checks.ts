import { ApiCatalogLinksetSchema } from '../schemas/api-catalog.ts';
import { OverviewSchema } from '../schemas/overview.ts';
import { ProblemSchema } from '../schemas/problem.ts';
import type { AuditCheck } from './audit-check.ts';
import { expectDocument, getJson, parseWith } from './audit-expectations.ts';
import { mediaTypeOf, parseJson } from './audit-http.ts';
import { SPEC } from './check-sources.ts';

/** docs/spec.md's entry points, as an agent finds them: llms.txt, the API catalog, REST v1, problems. */
export const SPEC_DISCOVERY_CHECKS: readonly AuditCheck[] = [
  {
    id: 'llms-txt',
    title: 'llms.txt follows llmstxt.org and every link on this origin resolves',
    sources: [SPEC('§4'), 'llmstxt.org', 'agent-ready.dev llms-txt'],
    fix: 'Serve /llms.txt as text/plain; charset=utf-8: one H1, a "> " summary, H2 sections of "- [name](url): notes" and a final "## Optional" section (src/documents/llms-txt.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/llms.txt`);
      if (!expectDocument(scope, response, ['text/plain', 'text/markdown'])) return;
      const lines = response.text.split('\n');
      scope.expect(/^# \S/.test(lines[0] ?? ''), 'the first line is not an H1');
      scope.expect(
        lines.some((line) => /^> \S/.test(line)),
        'no "> " summary line',
      );
      const sections = lines.filter((line) => line.startsWith('## '));
      scope.expect(sections.length >= 2, 'fewer than two H2 sections');
      scope.expect(sections.includes('## Optional'), 'no "## Optional" section');
      const links = [...response.text.matchAll(/^- \[[^\]]+\]\(([^)\s]+)\)/gm)].map(
        (m) => m[1] ?? '',
      );
      scope.expect(links.length > 0, 'no link entries');
      const own = [...new Set(links.filter((href) => href.startsWith(context.origin)))];
      const broken: string[] = [];
      // Sixteen at a time: llms.txt links every reference page, and one client opening a
      // connection per link meets the server's per-client cap (503 too_many_connections).
      for (let start = 0; start < own.length; start += 16) {
        await Promise.all(
          own.slice(start, start + 16).map(async (href) => {
            const answer = await context.http.get(href);
            if (answer.status !== 200) broken.push(`${href} (${answer.status})`);
          }),
        );
      }
      scope.expect(broken.length === 0, `links that do not resolve: ${broken.join(', ')}`);
      scope.note(
        `${sections.length} sections, ${links.length} links, ${own.length} on this origin resolve`,
      );
      const full = await context.http.get(`${context.origin}/llms-full.txt`);
      if (expectDocument(scope, full, ['text/plain', 'text/markdown'])) {
        scope.expect(/^# \S/.test(full.text), '/llms-full.txt does not open with an H1');
      }
    },
  },
  {
    id: 'api-catalog',
    title: 'API catalog is an RFC 9727 linkset whose targets resolve',
    sources: [SPEC('§2 ApiCatalogLinkset'), 'RFC 9727', 'isitagentready apiCatalog'],
    fix: 'Serve /.well-known/api-catalog as application/linkset+json with a non-empty linkset of anchored entries (src/documents/api-catalog.ts, vercel.json Content-Type).',
    async run(context, scope) {
      const json = await getJson(context, scope, '/.well-known/api-catalog', [
        'application/linkset+json',
      ]);
      const catalog = parseWith(scope, 'the API catalog', ApiCatalogLinksetSchema, json);
      if (!catalog) return;
      scope.expect(catalog.linkset.length > 0, 'the linkset is empty');
      const targets = catalog.linkset.flatMap((entry) => [
        ...(entry['service-desc'] ?? []),
        ...(entry['service-meta'] ?? []),
      ]);
      scope.expect(targets.length > 0, 'no service-desc or service-meta targets');
      for (const target of new Set(targets.map((t) => t.href))) {
        const answer = await context.http.get(target, 'application/json');
        scope.expect(
          answer.status === 200 && mediaTypeOf(answer) !== 'text/html',
          `${target} does not answer JSON (${answer.status})`,
        );
      }
      const openapi = catalog.linkset[0]?.['service-desc']?.[0]?.href;
      if (openapi) {
        const document = parseJson((await context.http.get(openapi, 'application/json')).text) as
          { openapi?: string } | undefined;
        scope.expect(
          /^3\.1\./.test(document?.openapi ?? ''),
          `${openapi} is not an OpenAPI 3.1 document`,
        );
      }
      scope.note(
        `${catalog.linkset.length} APIs: ${catalog.linkset.map((entry) => entry.anchor).join(', ')}`,
      );
    },
  },
  {
    id: 'rest-v1',
    title: 'REST v1: the overview and both OpenAPI documents',
    sources: [SPEC('§2 Overview'), SPEC('§4 REST v1')],
    fix: 'Serve /api/v1/overview (Overview), /openapi.json and /api/v1/openapi.json (OpenAPI 3.1) as application/json.',
    async run(context, scope) {
      const overview = parseWith(
        scope,
        '/api/v1/overview',
        OverviewSchema,
        await getJson(context, scope, '/api/v1/overview'),
      );
      for (const path of ['/openapi.json', '/api/v1/openapi.json']) {
        const document = (await getJson(context, scope, path)) as { openapi?: string } | undefined;
        scope.expect(/^3\.1\./.test(document?.openapi ?? ''), `${path} is not OpenAPI 3.1`);
      }
      if (overview) {
        scope.expect(
          overview.links.mcp === `${context.origin}/mcp`,
          `overview.links.mcp is ${overview.links.mcp}, not this origin's /mcp`,
        );
        scope.note(`${overview.name}, API ${overview.apiVersion}`);
      }
    },
  },
  {
    id: 'problem-details',
    title: 'Unknown API paths answer RFC 9457 problem details',
    sources: [SPEC('§7'), 'RFC 9457'],
    fix: 'Rewrite unknown /api/* paths to a function that answers 404 application/problem+json with code not_found (vercel.json, api/not-found.js).',
    async run(context, scope) {
      const path = '/api/v1/no-such-resource';
      const response = await context.http.get(`${context.origin}${path}`, 'application/json');
      scope.expect(response.status === 404, `${path} answered ${response.status}, not 404`);
      scope.expect(
        mediaTypeOf(response) === 'application/problem+json',
        `${path} is ${mediaTypeOf(response)}, not application/problem+json`,
      );
      const problem = parseWith(scope, 'the problem', ProblemSchema, parseJson(response.text));
      if (!problem) return;
      scope.expect(
        problem.code === 'not_found' && problem.title === 'Not Found',
        `problem is ${problem.code}/${problem.title}`,
      );
      scope.expect(problem.instance === path, `instance is ${problem.instance}, not ${path}`);
      scope.expect(
        problem.type === `${context.origin}/errors/not_found`,
        `type is ${problem.type}`,
      );
      const page = await context.http.get(problem.type, 'text/html');
      scope.expect(page.status === 200, `the problem type ${problem.type} does not resolve`);
    },
  },
];
