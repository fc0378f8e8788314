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

/**
 * Resolves once the handles closed before it are gone: `net.Server#close` emits 'close' as soon as it asks
 * its handle to close, and the event loop releases the handle in its close phase, after this turn's
 * immediates; a timer of the next turn comes after it.
 */
export function handlesReleased(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
