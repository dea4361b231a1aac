/**
 * The A2A agent card in its JSON form, as /.well-known/agent-card.json publishes it: what
 * `AgentCard.toJSON` of the A2A SDK writes (proto3 JSON: empty strings and lists left out). The
 * builder fills the SDK's own `AgentCard` type; this is what readers of the document see.
 * @see A2A 1.0 §4.4.1 AgentCard
 */
export interface PublishedAgentCard {
  readonly name: string;
  readonly description: string;
  readonly supportedInterfaces: readonly {
    readonly url: string;
    readonly protocolBinding: string;
    readonly protocolVersion: string;
  }[];
  readonly provider?: { readonly organization: string; readonly url: string };
  readonly version: string;
  readonly documentationUrl?: string;
  readonly capabilities?: {
    readonly streaming?: boolean;
    readonly pushNotifications?: boolean;
    readonly extendedAgentCard?: boolean;
  };
  readonly securitySchemes?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly securityRequirements?: readonly unknown[];
  readonly defaultInputModes: readonly string[];
  readonly defaultOutputModes: readonly string[];
  readonly skills?: readonly {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly tags?: readonly string[];
    readonly examples?: readonly string[];
    readonly inputModes?: readonly string[];
    readonly outputModes?: readonly string[];
  }[];
  readonly iconUrl?: string;
}
