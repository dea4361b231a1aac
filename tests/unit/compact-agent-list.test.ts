import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import crawlers from 'crawler-user-agents';
import { AgentCatalogue } from '../../src/insight/agent-catalogue.ts';
import { compactAgentList } from '../../src/integrations/compact-agent-list.ts';

describe('compactAgentList', () => {
  it('should ship a list that classifies every example exactly as the package list does', async () => {
    const result = await build({
      stdin: {
        contents: "export { default } from 'crawler-user-agents';",
        resolveDir: process.cwd(),
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      minify: true,
      plugins: [compactAgentList],
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code.length).toBeLessThan(40_000);
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const shipped = (await import(url)) as {
      default: ConstructorParameters<typeof AgentCatalogue>[0];
    };
    const full = new AgentCatalogue();
    const compact = new AgentCatalogue(shipped.default);
    expect(compact.size).toBe(crawlers.length);
    for (const { instances } of crawlers) {
      for (const userAgent of instances) {
        expect(compact.classify(userAgent), userAgent).toEqual(full.classify(userAgent));
      }
    }
  }, 60_000);
});
