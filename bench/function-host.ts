// Hosts one bundled api/ function on node:http with the least possible glue, so a spawn-to-first-
// answer measurement shows the function's own start-up cost next to the bare server's.
// FUNCTION_MODE=plain calls the module's plain handler as the local server does; web (the
// default) builds a WHATWG Request and calls its method export, as Vercel's runtime does.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { PlainHandler } from '../src/http/plain-http.ts';
import { fromNodeRequest, readRequestUrl, sendPlainAnswer } from '../src/server/node-plain.ts';

type Handler = (request: Request) => Promise<Response>;
const module = (await import(pathToFileURL(process.env.FUNCTION_BUNDLE ?? '').href)) as Record<
  string,
  Handler | PlainHandler
>;
const origin = `http://127.0.0.1:${process.env.PORT}`;
const plain = process.env.FUNCTION_MODE === 'plain' ? (module.plain as PlainHandler) : undefined;

const server = createServer((incoming, outgoing) => {
  if (plain) {
    const url = readRequestUrl(incoming, origin);
    void plain(fromNodeRequest(incoming, outgoing, url)).then((answer) =>
      sendPlainAnswer(outgoing, answer, {}),
    );
    return;
  }
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', async () => {
    const method = incoming.method ?? 'GET';
    const headers = new Headers();
    for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
      headers.append(incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '');
    }
    const request = new Request(new URL(incoming.url ?? '/', origin), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
    });
    const handler = module[method] as Handler | undefined;
    const response = handler ? await handler(request) : new Response(null, { status: 405 });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
