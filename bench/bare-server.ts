// The ceiling: a bare node:http server answering every request with one fixed JSON body.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '{"jsonrpc":"2.0","id":1,"result":{}}');
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    response.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
