import { describe, expect, it } from 'vitest';
import {
  buildMcpClientConfigs,
  buildMcpServerKey,
} from '../../src/reference/mcp-client-configs.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';

const urls = buildServiceUrls('https://facts.example.com');

describe('buildMcpClientConfigs', () => {
  it('should point every client at the MCP endpoint under one server key', () => {
    const key = buildMcpServerKey('Lanternfish Systems');
    expect(key).toBe('lanternfish-systems');
    for (const entry of buildMcpClientConfigs(urls, key)) {
      const text = JSON.stringify(entry.config);
      expect(text).toContain(`"${key}"`);
      expect(text.match(/https:\/\/[^"]+/g)).toEqual([urls.mcp]);
    }
  });
});
