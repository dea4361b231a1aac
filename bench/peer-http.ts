// How the web-standard peers (SDK v2, mcp-handler) are served: node:http on 127.0.0.1:$PORT,
// POST /mcp handed to the SDK's Node adapter, every other path 404.
import { createServer, type ServerResponse } from 'node:http';

/**
 * Serves `/mcp` with a Node handler (as `toNodeHandler` returns; its request type is narrower than
 * node:http's, hence `never`) and logs where, once listening.
 */
export function listenForMcp(
  name: string,
  serve: (request: never, response: ServerResponse) => unknown,
): void {
  const httpServer = createServer((request, response) => {
    if (request.url !== '/mcp') {
      request.resume();
      response.writeHead(404).end();
      return;
    }
    void serve(request as never, response);
  });
  const port = Number(process.env.PORT);
  httpServer.listen(port, '127.0.0.1', () => {
    console.log(`${name} listening on http://127.0.0.1:${port}/mcp`);
  });
}
