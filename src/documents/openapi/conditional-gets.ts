import { BUILT_IN_ROUTES } from '../../service/routes.ts';
import type { JsonObject } from './component-schemas.ts';

/** The shared response of a GET whose validator matched; its name in components.responses. */
export const NOT_MODIFIED_RESPONSE = 'NotModified';

/** The ETag response header of a static file, in components.headers. */
export const ETAG_HEADER = 'ETag';

const ETAG_REF = { $ref: `#/components/headers/${ETAG_HEADER}` };

/**
 * The 304 every prerendered file answers when a validator it sent still holds, with no body.
 * @see RFC 9110 §15.4.5 (304 Not Modified), §13.1.2 (If-None-Match)
 */
export const NOT_MODIFIED: JsonObject = {
  description: "Not modified: If-None-Match holds the file's current entity tag. No body.",
  headers: { ETag: { description: 'The same as the 200 would send.', schema: { type: 'string' } } },
};

/** The entity tag of a prerendered file. @see RFC 9110 §8.8.3 */
export const ETAG: JsonObject = {
  description:
    "The file's entity tag; sent in If-None-Match, it gets a 304 while the file is unchanged.",
  schema: { type: 'string' },
};

/** The request header that makes a read of a prerendered file conditional. */
const IF_NONE_MATCH: JsonObject = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    "Entity tags from an earlier answer: when one matches the file's, the answer is 304 with no body (RFC 9110 §13.1.2).",
  schema: { type: 'string' },
};

/** The methods a prerendered file answers conditionally. */
const READS = ['get', 'head'] as const;

/**
 * Declares the conditional reads (GET, and HEAD where an operation of its own documents it) of
 * every path the route table answers with a prerendered file: the ETag of the 200,
 * If-None-Match, and the 304. A path answered by a function (MCP, OAuth, the key set) sends no
 * validator and is left as it is. `restBase` is the server of a path item without servers of
 * its own.
 * @see RFC 9110 §13.1.2 (If-None-Match), §15.4.5 (304 Not Modified)
 */
export function describeConditionalGets(paths: JsonObject, restBase: string): JsonObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, value]) => {
      const item = value as JsonObject;
      const servers = (item.servers as readonly { readonly url: string }[] | undefined) ?? [
        { url: restBase },
      ];
      const isFile = servers.every((server) => {
        const base = new URL(server.url).pathname.replace(/\/$/, '');
        return BUILT_IN_ROUTES.findSurface(`${base}${path}`).answer.kind === 'file';
      });
      if (!isFile) return [path, item];
      const reads = READS.filter((method) => item[method] !== undefined).map((method) => [
        method,
        describeConditionalRead(item[method] as JsonObject),
      ]);
      return [path, { ...item, ...Object.fromEntries(reads) }];
    }),
  );
}

/** One read operation with If-None-Match, the ETag of its 200 and the shared 304. */
function describeConditionalRead(operation: JsonObject): JsonObject {
  const responses = operation.responses as JsonObject;
  const ok = responses['200'] as JsonObject;
  const parameters = (operation.parameters as readonly JsonObject[] | undefined) ?? [];
  return {
    ...operation,
    parameters: [...parameters, IF_NONE_MATCH],
    // Status codes are integer keys: the object lists them in ascending order.
    responses: {
      ...responses,
      '200': { ...ok, headers: { ...(ok.headers as JsonObject | undefined), ETag: ETAG_REF } },
      '304': { $ref: `#/components/responses/${NOT_MODIFIED_RESPONSE}` },
    },
  };
}
