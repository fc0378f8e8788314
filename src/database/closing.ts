import type { Socket } from 'node:net';

/**
 * Resolves once every socket (ended by its owner) has closed, destroying those still open after `graceMs`:
 * a socket closes a moment after it is ended, and a process that exits when its work is done (a test
 * worker) would otherwise still hold it.
 */
export async function closeSockets(sockets: Iterable<Socket>, graceMs: number): Promise<void> {
  await Promise.all(
    [...sockets]
      .filter((socket) => !socket.closed)
      .map(
        (socket) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => socket.destroy(), graceMs);
            socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
  );
}
