import { describe, expect, it } from 'vitest';
import {
  buildCodeSamples,
  formatCurlSample,
  formatPythonLiteral,
  type SampleRequest,
} from '../../src/documents/code-samples.ts';
import { buildMcpCurl, buildMcpRequest } from '../../src/documents/mcp-quickstart.ts';

const JSON_POST: SampleRequest = {
  method: 'POST',
  url: 'https://example.com/mcp',
  headers: [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
  ],
  body: {
    kind: 'json',
    value: { jsonrpc: '2.0', id: 1, method: "it's", params: { on: true, off: null } },
  },
};

describe('formatCurlSample', () => {
  it('should write a GET as plain curl and a HEAD with -I', () => {
    expect(formatCurlSample({ method: 'GET', url: 'https://example.com/a', headers: [] })).toBe(
      'curl -s https://example.com/a',
    );
    expect(formatCurlSample({ method: 'HEAD', url: 'https://example.com/a', headers: [] })).toBe(
      'curl -sI https://example.com/a',
    );
  });

  it('should quote headers and a JSON body for the shell, one option per line', () => {
    expect(formatCurlSample(JSON_POST)).toBe(
      `curl -s -X POST https://example.com/mcp \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"it'\\''s","params":{"on":true,"off":null}}'`,
    );
  });

  it('should be what buildMcpCurl writes for the MCP quickstart', () => {
    const message = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    expect(buildMcpCurl('https://example.com/mcp', message, ['Authorization: Bearer x'])).toBe(
      formatCurlSample(
        buildMcpRequest('https://example.com/mcp', message, ['Authorization: Bearer x']),
      ),
    );
    expect(
      buildMcpRequest('https://example.com/mcp', message, ['Authorization: Bearer x']).headers.at(
        -1,
      ),
    ).toEqual(['Authorization', 'Bearer x']);
  });
});

describe('buildCodeSamples', () => {
  it('should send the same method, headers and body in JavaScript and Python', () => {
    const { javascript, python } = buildCodeSamples(JSON_POST);
    expect(javascript).toContain("await fetch('https://example.com/mcp', {");
    expect(javascript).toContain("method: 'POST',");
    expect(javascript).toContain("'Accept': 'application/json, text/event-stream',");
    expect(javascript).toContain('"method": "it\'s"');
    expect(python).toContain('response = httpx.post(\n    "https://example.com/mcp",');
    expect(python).toContain('"on": True,');
    expect(python).toContain('"off": None,');
    expect(python.startsWith('import httpx\n')).toBe(true);
  });

  it('should send form fields as URLSearchParams and data=', () => {
    const request: SampleRequest = {
      method: 'POST',
      url: 'https://example.com/oauth/token',
      headers: [],
      body: { kind: 'form', fields: [['grant_type', 'client_credentials']] },
    };
    const samples = buildCodeSamples(request);
    expect(samples.curl).toContain('-d grant_type=client_credentials');
    expect(samples.javascript).toContain(
      "body: new URLSearchParams({\n    grant_type: 'client_credentials',",
    );
    expect(samples.python).toContain('data={\n        "grant_type": "client_credentials",\n    },');
  });

  it('should print the headers of a HEAD answer, the body of any other', () => {
    const head = buildCodeSamples({ method: 'HEAD', url: 'https://example.com/a', headers: [] });
    expect(head.javascript).toContain('for (const [name, value] of response.headers)');
    expect(head.python).toContain('response = httpx.head("https://example.com/a")');
    expect(head.python).toContain('response.headers.items()');
  });
});

describe('formatPythonLiteral', () => {
  it('should write JSON constants as Python ones and keep strings as JSON escapes them', () => {
    expect(formatPythonLiteral([true, false, null, 1.5, 'a"b'])).toBe(
      '[\n    True,\n    False,\n    None,\n    1.5,\n    "a\\"b",\n]',
    );
    expect(formatPythonLiteral({})).toBe('{}');
  });
});
