import { A2A_LEGACY_PROTOCOL_VERSION, A2A_PROTOCOL_VERSION } from './versions.ts';

/** The request header a client names its A2A version in. @see A2A 1.0 §3.6.1 */
export const A2A_VERSION_HEADER = 'A2A-Version';

/** The A2A versions the endpoint answers; a request naming another gets -32009. */
export const A2A_VERSIONS = [A2A_PROTOCOL_VERSION, A2A_LEGACY_PROTOCOL_VERSION] as const;

/**
 * The A2A error codes of the JSON-RPC binding, by name, beside JSON-RPC 2.0's own.
 * @see A2A 1.0 §9.5 (JSON-RPC error codes) and §3.3.2 (error handling)
 */
export const A2A_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  taskNotFound: -32001,
  taskNotCancelable: -32002,
  pushNotificationNotSupported: -32003,
  unsupportedOperation: -32004,
  contentTypeNotSupported: -32005,
  invalidAgentResponse: -32006,
  extendedAgentCardNotConfigured: -32007,
  versionNotSupported: -32009,
} as const;

/** What a method the endpoint does not implement is answered with. */
export type A2aRefusal = keyof Pick<
  typeof A2A_ERRORS,
  | 'taskNotFound'
  | 'pushNotificationNotSupported'
  | 'unsupportedOperation'
  | 'extendedAgentCardNotConfigured'
>;

/**
 * Every A2A method besides sending a message, in the 1.0 binding's names and 0.3's, with the error
 * a stateless agent without streaming, push notifications or an extended card answers it with:
 * no task is ever kept, so none can be found.
 * @see A2A 1.0 §9.4 (method mapping) and A2A 0.3 §7
 */
export const A2A_REFUSED_METHODS: Readonly<Record<string, A2aRefusal>> = {
  SendStreamingMessage: 'unsupportedOperation',
  SubscribeToTask: 'unsupportedOperation',
  ListTasks: 'unsupportedOperation',
  GetTask: 'taskNotFound',
  CancelTask: 'taskNotFound',
  CreateTaskPushNotificationConfig: 'pushNotificationNotSupported',
  GetTaskPushNotificationConfig: 'pushNotificationNotSupported',
  ListTaskPushNotificationConfigs: 'pushNotificationNotSupported',
  DeleteTaskPushNotificationConfig: 'pushNotificationNotSupported',
  GetExtendedAgentCard: 'extendedAgentCardNotConfigured',
  'message/stream': 'unsupportedOperation',
  'tasks/resubscribe': 'unsupportedOperation',
  'tasks/get': 'taskNotFound',
  'tasks/cancel': 'taskNotFound',
  'tasks/pushNotificationConfig/set': 'pushNotificationNotSupported',
  'tasks/pushNotificationConfig/get': 'pushNotificationNotSupported',
  'tasks/pushNotificationConfig/list': 'pushNotificationNotSupported',
  'tasks/pushNotificationConfig/delete': 'pushNotificationNotSupported',
  'agent/getAuthenticatedExtendedCard': 'extendedAgentCardNotConfigured',
};

/** The method that sends a message, per version: A2A 1.0 `SendMessage`, A2A 0.3 `message/send`. */
export const A2A_SEND_METHODS = {
  [A2A_PROTOCOL_VERSION]: 'SendMessage',
  [A2A_LEGACY_PROTOCOL_VERSION]: 'message/send',
} as const;
