import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { NODE, ROOT, runCommand } from '../support/processes.ts';

describe('the OpenAPI document', () => {
  it('should validate and lint clean with Redocly (recommended rules)', async () => {
    const result = await runCommand(
      NODE,
      [
        `${ROOT}node_modules/@redocly/cli/bin/cli.js`,
        'lint',
        join(inject('siteBuild').outputDir, 'static', 'openapi.json'),
        '--format',
        'stylish',
      ],
      { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code, output).toBe(0);
    expect(output).not.toMatch(/warning/i);
    expect(output).toMatch(/valid/i);
  });
});
