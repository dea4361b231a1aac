import { describe, expect, it } from 'vitest';
import {
  buildRestConsoleRequest,
  buildToolConsoleRequest,
  formatConsoleCurl,
} from '../../src/reference/console-requests.ts';

describe('buildToolConsoleRequest', () => {
  it('should POST tools/call to the relative MCP path with the protocol-version header', () => {
    const request = buildToolConsoleRequest('/mcp', 'search_site_copy', { query: 'security' });
    expect(request.url).toBe('/mcp');
    expect(request.headers).toContainEqual(['MCP-Protocol-Version', '2025-11-25']);
    expect(request.body).toEqual({
      kind: 'json',
      value: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_site_copy', arguments: { query: 'security' } },
      },
    });
  });
});

describe('formatConsoleCurl', () => {
  it("should make the URL absolute against the page's own origin", () => {
    expect(
      formatConsoleCurl(
        buildRestConsoleRequest('GET', '/api/v1/overview'),
        'https://preview-abc.vercel.app/docs#x',
      ),
    ).toBe('curl -s https://preview-abc.vercel.app/api/v1/overview');
  });
});
