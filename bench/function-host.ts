// Hosts one bundled api/ function on node:http with the least possible glue, so a spawn-to-first-
// answer measurement shows the function's own start-up cost next to the bare server's.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

type Handler = (request: Request) => Promise<Response>;
const module = (await import(pathToFileURL(process.env.FUNCTION_BUNDLE ?? '').href)) as Record<
  string,
  Handler
>;
const origin = `http://127.0.0.1:${process.env.PORT}`;

const server = createServer((incoming, outgoing) => {
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
    const handler = module[method];
    const response = handler ? await handler(request) : new Response(null, { status: 405 });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
