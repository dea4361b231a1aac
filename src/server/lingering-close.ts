import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { LIMITS } from '../service/limits.ts';

/** How often a lingering connection's bytes are counted against LIMITS.lingerBytes. */
const BYTE_CHECK_MS = 50;

const lingering = new WeakSet<Duplex>();

/** Whether the connection has been answered for the last time and is only being drained. */
export function isLingering(socket: Duplex): boolean {
  return lingering.has(socket);
}

/**
 * Closes a connection gracefully: half-closes it after what was written (FIN, not RST), then
 * reads and drops what the client still sends until it closes its side, LIMITS.lingerMs pass or
 * LIMITS.lingerBytes arrive, whichever comes first. Closing a socket with unread data makes the
 * kernel send a reset, which can destroy the answer before the client reads it; web servers
 * linger for that reason (nginx `lingering_close`, Apache `lingering_close`).
 * @see RFC 9112 §9.6 (tear-down)
 */
export function closeLingering(socket: Duplex): void {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  if (socket.writable) socket.end();
  const counted = socket as Partial<Socket>;
  const start = counted.bytesRead ?? 0;
  const stop = () => socket.destroy();
  const deadline = setTimeout(stop, LIMITS.lingerMs).unref();
  const bytes = setInterval(() => {
    if ((counted.bytesRead ?? 0) - start > LIMITS.lingerBytes) stop();
  }, BYTE_CHECK_MS).unref();
  socket.once('close', () => {
    clearTimeout(deadline);
    clearInterval(bytes);
  });
  socket.on('error', stop);
  socket.once('end', stop);
}

/**
 * Makes node:http close this connection lingering: after the last answer on a connection
 * (`Connection: close`, or a body too large to drain) node:http calls `destroySoon`, which
 * destroys the socket as soon as the answer is written, unread body or not. node:http's parser
 * goes on reading (and, the request being dumped, dropping) the rest of the body meanwhile.
 */
export function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => closeLingering(socket);
}
