/**
 * `npm start`'s first step, before the build: reads the local server's settings and checks that
 * it could listen on HOST:PORT. A wrong variable, a port in use or a HOST of another machine is
 * then named in one line (exit 1) before a build of about 20 s, not after it. serve.ts checks
 * the same again when it starts, since a port can be taken in between.
 */
import { createServer } from 'node:net';
import { describeListenError } from './listen-error.ts';
import { readServeSettingsOrExit } from './serve-settings.ts';

const { host, port } = readServeSettingsOrExit(process.env);
const probe = createServer();
probe.once('error', (error: NodeJS.ErrnoException) => {
  console.error(describeListenError(error, host, port));
  process.exit(1);
});
probe.listen(port, host, () => probe.close());
