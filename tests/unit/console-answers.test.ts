import { describe, expect, it } from 'vitest';
import { formatDuration, judgeConsoleAnswer } from '../../src/reference/console-answers.ts';

const JSON_TYPE = 'application/json';

/** A JSON-RPC answer body. */
function rpc(message: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, ...message });
}

describe('judgeConsoleAnswer', () => {
  it('should call a 2xx REST answer a success', () => {
    expect(judgeConsoleAnswer('rest', 200, JSON_TYPE, '{}')).toEqual({
      outcome: 'success',
      summary: 'Success.',
    });
  });

  it("should call a Problem an error with the problem's title and detail", () => {
    const problem = JSON.stringify({
      type: 'x',
      title: 'Not Found',
      status: 404,
      detail: 'No /a.',
    });
    expect(judgeConsoleAnswer('rest', 404, 'application/problem+json', problem)).toEqual({
      outcome: 'error',
      summary: 'HTTP error 404: Not Found: No /a.',
    });
    expect(judgeConsoleAnswer('mcp', 429, 'application/problem+json', problem).outcome).toBe(
      'error',
    );
    expect(judgeConsoleAnswer('rest', 500, 'text/html', '<p>down</p>')).toEqual({
      outcome: 'error',
      summary: 'HTTP error 500.',
    });
  });

  it('should call a tool result a success and a tool result with isError an error with its text', () => {
    const result = rpc({ result: { content: [{ type: 'text', text: '{}' }] } });
    expect(judgeConsoleAnswer('mcp', 200, JSON_TYPE, result)).toEqual({
      outcome: 'success',
      summary: 'Tool result.',
    });
    const failed = rpc({
      result: { content: [{ type: 'text', text: 'Invalid arguments for t: x' }], isError: true },
    });
    expect(judgeConsoleAnswer('mcp', 200, JSON_TYPE, failed)).toEqual({
      outcome: 'error',
      summary: 'Tool error: Invalid arguments for t: x',
    });
    expect(
      judgeConsoleAnswer('mcp', 200, JSON_TYPE, rpc({ result: { isError: true } })).summary,
    ).toBe('Tool error: the tool gave no reason.');
  });

  it('should call a JSON-RPC error in a 200 an error with its code and message', () => {
    const error = rpc({ error: { code: -32602, message: 'Unknown tool: nope.' } });
    expect(judgeConsoleAnswer('mcp', 200, JSON_TYPE, error)).toEqual({
      outcome: 'error',
      summary: 'JSON-RPC error -32602: Unknown tool: nope.',
    });
  });

  it('should read the last message of an event stream', () => {
    const stream = `event: message\ndata: ${rpc({ error: { code: -32601, message: 'No.' } })}\n\n`;
    expect(judgeConsoleAnswer('mcp', 200, 'text/event-stream', stream)).toEqual({
      outcome: 'error',
      summary: 'JSON-RPC error -32601: No.',
    });
  });

  it('should call an MCP answer that is not JSON-RPC an error', () => {
    expect(judgeConsoleAnswer('mcp', 200, 'text/html', '<html>').outcome).toBe('error');
    expect(judgeConsoleAnswer('mcp', 200, JSON_TYPE, '{"jsonrpc":"2.0","id":1}')).toEqual({
      outcome: 'error',
      summary: 'The answer has neither a result nor an error.',
    });
  });
});

describe('formatDuration', () => {
  it('should give whole milliseconds under a second and seconds above', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(999.4)).toBe('999 ms');
    expect(formatDuration(1530)).toBe('1.5 s');
    expect(formatDuration(-3)).toBe('0 ms');
  });
});
