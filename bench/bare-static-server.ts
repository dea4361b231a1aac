// The static ceiling: a bare node:http server that streams one file for every request, as the
// simplest static file server would.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.env.STATIC_FILE ?? '';
const { size } = statSync(file);
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, {
    'Content-Type': process.env.STATIC_TYPE ?? 'application/octet-stream',
    'Content-Length': size,
  });
  createReadStream(file).pipe(response);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
