import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * Graceful stop of an HTTP server (SIGTERM): returns `stop`, which
 * - stops accepting connections at once (under node:cluster the primary then hands new
 *   connections to the other workers);
 * - answers every request already received, and every request that still arrives on an open
 *   keep-alive connection, each with `Connection: close` so the client opens its next
 *   connection elsewhere;
 * - leaves an idle keep-alive connection open until the server's `keepAliveTimeout` closes
 *   it, as it would without a stop: closing it at once races a request the client may be
 *   sending on it just then (a reset request, lost);
 * - calls `onDrained` once the last connection has closed.
 * Node's own `server.close()` closes idle keep-alive connections at once, hence `net`'s.
 */
export function gracefulStop(server: Server, onDrained: () => void): () => void {
  const sockets = new Set<Socket>();
  const open = new Set<{ headersSent: boolean; setHeader(name: string, value: string): unknown }>();
  let stopping = false;
  let drained = false;
  const checkDrained = () => {
    if (stopping && !drained && sockets.size === 0) {
      drained = true;
      onDrained();
    }
  };
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      checkDrained();
    });
  });
  // Before the app's own listener, so the header is set before anything is written.
  server.prependListener('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    else {
      open.add(res);
      res.once('close', () => open.delete(res));
    }
  });
  return () => {
    if (stopping) return;
    stopping = true;
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    NetServer.prototype.close.call(server);
    checkDrained();
  };
}
