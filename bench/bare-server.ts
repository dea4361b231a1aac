// The ceiling: a bare node:http server answering every request with one fixed body and fixed
// headers (BARE_BODY, and BARE_HEADERS as a JSON object: by default only the JSON media type), so
// it can send byte for byte what the measured server sends.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '{"jsonrpc":"2.0","id":1,"result":{}}');
const headers = {
  ...(JSON.parse(process.env.BARE_HEADERS ?? '{"Content-Type":"application/json"}') as Record<
    string,
    string
  >),
  'Content-Length': String(body.length),
};
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, headers);
    response.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
