/** The environment variable that holds the public key of the MCP registry's HTTP namespace proof. */
export const MCP_REGISTRY_KEY_VARIABLE = 'MCP_REGISTRY_PUBLIC_KEY';

/** An Ed25519 public key is 32 bytes; in standard base64, 43 characters and one `=`. */
const ED25519_BASE64 = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

/**
 * The body of `/.well-known/mcp-registry-auth`, by which the official MCP registry accepts that
 * whoever holds the matching private key owns this domain's namespace: `v=MCPv1; k=ed25519;
 * p=<base64 public key>`. Undefined when no key is set; throws, naming the variable, for a value
 * that is not the base64 of a 32-byte Ed25519 public key (a proof that cannot verify).
 * @see https://github.com/modelcontextprotocol/registry docs/modelcontextprotocol-io/authentication.mdx (HTTP authentication)
 */
export function formatMcpRegistryAuth(publicKey: string | undefined): string | undefined {
  const key = publicKey?.trim();
  if (!key) return undefined;
  if (!ED25519_BASE64.test(key)) {
    throw new Error(
      `${MCP_REGISTRY_KEY_VARIABLE} must be the base64 of a 32-byte Ed25519 public key (44 characters ending in "="), as mcp-publisher's HTTP login prints it`,
    );
  }
  return `v=MCPv1; k=ed25519; p=${key}`;
}
