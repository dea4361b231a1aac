// The static references: a bare node:http server sending one file for every request, with fixed
// headers (STATIC_HEADERS, a JSON object, so it can send what the measured server sends; by
// default only STATIC_TYPE). STATIC_MODE=stream streams the file from disk each time, as the
// simplest static file server would; memory sends bytes read once at start, the ceiling.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.env.STATIC_FILE ?? '';
const { size } = statSync(file);
const fromMemory = process.env.STATIC_MODE === 'memory' ? readFileSync(file) : undefined;
const headers = {
  ...(JSON.parse(
    process.env.STATIC_HEADERS ??
      JSON.stringify({ 'Content-Type': process.env.STATIC_TYPE ?? 'application/octet-stream' }),
  ) as Record<string, string>),
  'Content-Length': String(size),
};
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, headers);
  if (fromMemory) response.end(fromMemory);
  else createReadStream(file).pipe(response);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
