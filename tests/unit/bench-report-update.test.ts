import { describe, expect, it } from 'vitest';
import { updateReport } from '../../bench/report-update.ts';

const REPORT = [
  '# Benchmarks',
  '',
  'Measured 2026-11-22 on the first machine.',
  '',
  '## MCP endpoint',
  '',
  '| old | 0.49 |',
  '',
  '## OAuth',
  '',
  '| token | 6322 |',
  '',
  'Whole run: 8.5 minutes. Machine: first.',
  '',
  '## Reading the figures',
  '',
  'Old notes.',
  '',
].join('\n');
const NOTES = '## Reading the figures\n\nNew notes.\n';

describe('updateReport', () => {
  it('should replace a section under its heading, stamped, and the notes, leaving the others', () => {
    const updated = updateReport(
      REPORT,
      [{ name: 'mcp', lines: ['## MCP endpoint', '', '| new | 0.71 |', ''] }],
      NOTES,
      { measured: 'Measured 2026-11-28 by `npm run bench -- mcp`.', machine: 'Machine: second.' },
    );
    expect(updated).toContain(
      '## MCP endpoint\n\nMeasured 2026-11-28 by `npm run bench -- mcp`. Machine: second.',
    );
    expect(updated).toContain('| new | 0.71 |');
    expect(updated).not.toContain('| old | 0.49 |');
    expect(updated).toContain('## OAuth\n\n| token | 6322 |');
    expect(updated).toContain('Whole run: 8.5 minutes. Machine: first.');
    expect(updated).toContain('New notes.');
    expect(updated).not.toContain('Old notes.');
    expect(updated.indexOf('## MCP endpoint')).toBeLessThan(updated.indexOf('## OAuth'));
  });

  it('should add a section the report lacks before the whole run line', () => {
    const updated = updateReport(
      REPORT,
      [{ name: 'static', lines: ['## Static documents', '', '| file | 2.62 |'] }],
      NOTES,
      { measured: 'Measured today.', machine: 'Machine: second.' },
    );
    expect(updated.indexOf('## Static documents')).toBeGreaterThan(updated.indexOf('## OAuth'));
    expect(updated.indexOf('## Static documents')).toBeLessThan(updated.indexOf('Whole run:'));
    expect(updated).toContain(
      '## Static documents\n\nMeasured today. Machine: second.\n\n| file | 2.62 |',
    );
  });

  it('should name the machine once where a section names its own', () => {
    const updated = updateReport(
      REPORT,
      [
        {
          name: 'mcp',
          lines: ['## MCP endpoint', '', 'Machine: second, load 1.4.', '', '| new |'],
        },
      ],
      NOTES,
      { measured: 'Measured today.', machine: 'Machine: second, load 1.2.' },
    );
    expect(updated).toContain('## MCP endpoint\n\nMeasured today.\n\nMachine: second, load 1.4.');
    expect(updated.match(/Machine: second/g)).toHaveLength(1);
  });
});
