import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { readClientKey } from '../http/rate-limit.ts';

/** How many connections the server holds at once. */
export interface ConnectionCaps {
  readonly maxConnections: number;
  /** Per client address (an IPv6 client by its /64); 0 for no cap per client. */
  readonly maxConnectionsPerClient: number;
}

/**
 * Caps the connections a server holds, in all and per client address. A connection over a cap is
 * never handed to node:http: `refuse` answers it on the raw socket and closes it, so a client
 * cannot hold the server's sockets (and file descriptors) by opening connections it never uses.
 * node:http's own `maxConnections` would drop the connection without a word, and cannot count
 * per client.
 */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  refuse: (socket: Socket) => void,
): void {
  const perClient = new Map<string, number>();
  let open = 0;
  const serve = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const client = readClientKey(socket.remoteAddress ?? '');
    const ofClient = perClient.get(client) ?? 0;
    if (
      open >= caps.maxConnections ||
      (caps.maxConnectionsPerClient > 0 && ofClient >= caps.maxConnectionsPerClient)
    ) {
      refuse(socket);
      return;
    }
    open++;
    perClient.set(client, ofClient + 1);
    socket.once('close', () => {
      open--;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    for (const listener of serve) listener.call(server, socket);
  });
}
