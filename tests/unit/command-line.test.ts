import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_CHECKS } from '../../src/audit/run-audit.ts';
import { NODE, ROOT, runCommand } from '../support/processes.ts';

/** A port nothing listens on: the audit's requests fail at once, on no network. */
const NOWHERE = 'http://127.0.0.1:9';
const STACK_LINE = /^\s+at /m;

const run = (script: string, ...args: string[]) =>
  runCommand(NODE, [`${ROOT}scripts/${script}`, ...args]);

// Each test starts Node processes: a busy two-core machine can take seconds for one.
describe(
  'a wrong command line of npm run audit and npm run dns-records',
  { timeout: 30_000 },
  () => {
    it.each([
      ['audit.ts', [NOWHERE, '--json'], "Option '--json <value>' argument missing"],
      ['audit.ts', [NOWHERE, '--bogus'], "Unknown option '--bogus'"],
      ['dns-records.ts', ['--domain'], "Option '--domain <value>' argument missing"],
      ['dns-records.ts', ['-x'], "Unknown option '-x'"],
    ])('%s %j: exits 2 with what is wrong and the usage, no stack', async (script, args, says) => {
      const result = await run(script, ...args);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toContain(says);
      expect(result.stderr).toContain(`Usage: npm run ${script.replace('.ts', '')} --`);
      expect(result.stderr).not.toMatch(STACK_LINE);
      expect(result.stdout).toBe('');
    });

    it.each([
      ['audit.ts', { SITE_URL: 'foo' }, 'SITE_URL must be an absolute URL'],
      ['dns-records.ts', { SITE_URL: '', PORT: 'x' }, 'PORT must be a whole number'],
    ])(
      '%s with no URL and a wrong %j: exits 2 naming the variable, no stack',
      async (script, env, says) => {
        const result = await runCommand(NODE, [`${ROOT}scripts/${script}`], env);
        expect(result.code).toBe(2);
        expect(result.stderr.split('\n')[0]).toContain(says);
        expect(result.stderr).toContain(`Usage: npm run ${script.replace('.ts', '')} --`);
        expect(result.stderr).not.toMatch(STACK_LINE);
      },
    );

    it.each([['--bogus'], ['--runs=0'], ['--factors=1,ten']])(
      'bench/build-scale.ts %s: exits 2 with the usage before it builds anything, no stack',
      async (argument) => {
        const result = await runCommand(NODE, [`${ROOT}bench/build-scale.ts`, argument]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain('Usage: node bench/build-scale.ts');
        expect(result.stderr).not.toMatch(STACK_LINE);
        expect(result.stdout).toBe('');
      },
    );

    it('should refuse a check id the audit does not have, naming every one it has, before asking anything', async () => {
      const result = await run('audit.ts', NOWHERE, '--only', 'robots-txt, robot-txt');
      expect(result.code).toBe(2);
      const [first] = result.stderr.split('\n');
      expect(first).toMatch(/^Unknown check id robot-txt\. The audit's checks: /);
      for (const { id } of AUDIT_CHECKS) expect(first).toContain(id);
      // Refused before the audit began: it printed no report.
      expect(result.stdout).toBe('');
      const two = await run('audit.ts', NOWHERE, '--only', 'nope,,robot-txt');
      expect(two.stderr.split('\n')[0]).toMatch(/^Unknown check ids nope, robot-txt\. /);
    });

    it('should print the report and exit 2 when it cannot write the JSON report', async () => {
      const file = join(tmpdir(), `no-such-folder-${randomUUID()}`, 'report.json');
      const result = await run('audit.ts', NOWHERE, '--only', 'robots-txt', '--json', file);
      expect(result.code).toBe(2);
      // Nothing answers there: the report is the one check that says so.
      expect(result.stdout).toContain('FAIL  origin-answers');
      expect(result.stderr.trim()).toBe(`Could not write the JSON report to ${file} (ENOENT)`);
    });
  },
);

/** A Node before 24 on this machine (Debian's system Node is 20), or undefined. */
const OLDER_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  return major > 0 && major < 24;
});

describe('Vitest started on a Node before 24', { timeout: 30_000 }, () => {
  it.skipIf(OLDER_NODE === undefined)(
    'should stop before any test, saying which Node runs it and how to run the tests on Node 24',
    async () => {
      const result = await runCommand(OLDER_NODE ?? '', [
        `${ROOT}node_modules/vitest/vitest.mjs`,
        '--run',
        'tests/unit/bundle-functions.test.ts',
      ]);
      expect(result.code).not.toBe(0);
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).toMatch(/Vitest runs on Node 2[0-3]\.\d+\.\d+ here; the tests need Node 24/);
      expect(output).toContain('npx vitest --run <file>');
      expect(output).not.toContain('Test Files');
    },
  );
});
