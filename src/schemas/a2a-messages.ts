import * as z from 'zod/mini';

/**
 * The messages the A2A endpoint reads, in zod/mini (the function validates every request with
 * them). Members the endpoint does not use pass through unchecked, as A2A asks of receivers.
 */

const MetadataSchema = z.optional(z.record(z.string(), z.unknown()));

/**
 * A part of a message in A2A 1.0: exactly one of text, raw bytes, a URL or JSON data.
 * @see A2A 1.0 §4.1.6 Part
 */
export const A2aPartSchema = z.looseObject({
  text: z.optional(z.string()),
  raw: z.optional(z.string()),
  url: z.optional(z.string()),
  data: z.optional(z.unknown()),
  mediaType: z.optional(z.string()),
  filename: z.optional(z.string()),
  metadata: MetadataSchema,
});
export type A2aPart = z.infer<typeof A2aPartSchema>;

/** A message in A2A 1.0. @see A2A 1.0 §4.1.4 Message */
export const A2aMessageSchema = z.looseObject({
  messageId: z.string().check(z.minLength(1)),
  contextId: z.optional(z.string()),
  taskId: z.optional(z.string()),
  role: z.enum(['ROLE_USER', 'ROLE_AGENT']),
  parts: z.array(A2aPartSchema).check(z.minLength(1)),
  metadata: MetadataSchema,
});

/** The params of `SendMessage`. @see A2A 1.0 §3.1.1 and §4.2.1 SendMessageRequest */
export const A2aSendMessageParamsSchema = z.looseObject({
  tenant: z.optional(z.string()),
  message: A2aMessageSchema,
  configuration: z.optional(
    z.looseObject({ acceptedOutputModes: z.optional(z.array(z.string())) }),
  ),
  metadata: MetadataSchema,
});
export type A2aSendMessageParams = z.infer<typeof A2aSendMessageParamsSchema>;

/** A part of a message in A2A 0.3, told apart by `kind`. @see A2A 0.3 §6.5 Part */
export const A2aLegacyPartSchema = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('text'), text: z.string(), metadata: MetadataSchema }),
  z.looseObject({ kind: z.literal('data'), data: z.unknown(), metadata: MetadataSchema }),
  z.looseObject({ kind: z.literal('file'), file: z.unknown(), metadata: MetadataSchema }),
]);
export type A2aLegacyPart = z.infer<typeof A2aLegacyPartSchema>;

/** The params of `message/send` in A2A 0.3. @see A2A 0.3 §7.1 MessageSendParams */
export const A2aLegacySendParamsSchema = z.looseObject({
  message: z.looseObject({
    kind: z.optional(z.literal('message')),
    messageId: z.string().check(z.minLength(1)),
    contextId: z.optional(z.string()),
    taskId: z.optional(z.string()),
    role: z.enum(['user', 'agent']),
    parts: z.array(A2aLegacyPartSchema).check(z.minLength(1)),
    metadata: MetadataSchema,
  }),
  configuration: z.optional(
    z.looseObject({ acceptedOutputModes: z.optional(z.array(z.string())) }),
  ),
  metadata: MetadataSchema,
});
export type A2aLegacySendParams = z.infer<typeof A2aLegacySendParamsSchema>;

/** How a message names the skill to run: a data part (or the message's metadata) holding this. */
export const A2aSkillCallSchema = z.object({
  skill: z.string().check(z.minLength(1)),
  arguments: z.optional(z.record(z.string(), z.unknown())),
});
export type A2aSkillCall = z.infer<typeof A2aSkillCallSchema>;
