import {
  getVersionFeatures,
  isProtocolVersion,
  LATEST_LEGACY_VERSION,
  META_KEYS,
  MODERN_VERSION,
  PROTOCOL_VERSIONS,
} from '../service/mcp-protocol.ts';
import { invalidParams, readObjectParams, type AddMcpMethod } from './method-context.ts';
import type { ServerDescription } from './server-description.ts';

/** Adds initialize, notifications/initialized and ping (before 2026-07-28) and server/discover (from it). */
export function addLifecycleMethods(addMethod: AddMcpMethod, server: ServerDescription): void {
  const { capabilities, instructions } = server;

  /** @see MCP lifecycle §Version Negotiation: echo a supported version, else offer our latest. */
  addMethod('initialize', (params) => {
    const { protocolVersion } = readObjectParams(params);
    if (typeof protocolVersion !== 'string') {
      throw invalidParams(
        'initialize needs params.protocolVersion (a string such as "2025-11-25")',
      );
    }
    const negotiated =
      isProtocolVersion(protocolVersion) && protocolVersion !== MODERN_VERSION
        ? protocolVersion
        : LATEST_LEGACY_VERSION;
    return {
      protocolVersion: negotiated,
      capabilities,
      serverInfo: server.serverInfo(getVersionFeatures(negotiated)),
      instructions,
    };
  });

  addMethod('notifications/initialized', () => null);
  addMethod('ping', () => ({}));

  /** @see MCP 2026-07-28 basic/lifecycle §Discovery */
  addMethod('server/discover', (_params, context) => ({
    supportedVersions: [...PROTOCOL_VERSIONS],
    capabilities,
    instructions,
    _meta: { [META_KEYS.serverInfo]: server.serverInfo(getVersionFeatures(context.version)) },
  }));
}
