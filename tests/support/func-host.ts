// Hosts one Vercel function as `vercel build` ships it: FUNC_DIR is a .func directory (copied
// out of the project, so nothing outside it can be resolved), its handler is imported alone and
// answers on node:http at 127.0.0.1:PORT, called as Vercel's Node runtime calls a web handler:
// the method export, or the default export for middleware. Prints `ready <ms>` once listening,
// the milliseconds since the process started.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type WebHandler = (request: Request) => Response | Promise<Response>;

const dir = process.env.FUNC_DIR ?? '';
const { handler } = JSON.parse(readFileSync(join(dir, '.vc-config.json'), 'utf8')) as {
  handler: string;
};
const module = (await import(pathToFileURL(join(dir, handler)).href)) as Record<
  string,
  WebHandler | undefined
>;
const origin = process.env.PUBLIC_ORIGIN ?? `http://127.0.0.1:${process.env.PORT}`;

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
    const call = module.default ?? module[method];
    const response = call ? await call(request) : new Response(null, { status: 405 });
    const body = Buffer.from(await response.arrayBuffer());
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  console.log(`ready ${performance.now().toFixed(1)}`);
});
