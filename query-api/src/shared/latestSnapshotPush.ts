import type { Server } from 'socket.io';

/** What a state push did: snapshots published, socket writes made, and writes skipped because a newer snapshot replaced one a socket had not been sent yet. */
export interface SnapshotPushCounts { snapshots: number; writes: number; superseded: number }

/**
 * A push of state (the live ranking) to every socket of the `/` namespace: every socket ends at the
 * latest snapshot, and a socket that one snapshot has not reached yet when a newer one is published gets
 * only the newer one (latest wins: the ranking is state, not a stream of events; notifications and chat
 * go through `io.to(room).emit` and are never coalesced). The writes go out in slices of `slice` sockets
 * with a turn of the event loop between them, so a room push (a notification, a chat message) and the
 * requests waiting on the loop go out between two slices instead of behind 10,000 writes (ADR 023).
 * Each slice is one `emit`: Socket.IO encodes the packet and its WebSocket frame once per slice.
 */
export function latestSnapshotPush<T>(io: Server, event: string, opts: { slice?: number } = {}) {
  const slice = opts.slice ?? 500;
  const sockets = io.of('/').sockets;
  let latest: T | undefined;
  /** Socket ids still to be sent `latest`, in the order they will be: a still-pending id keeps its place when a newer snapshot comes. */
  const pending = new Set<string>();
  let writing = false;
  const counts: SnapshotPushCounts = { snapshots: 0, writes: 0, superseded: 0 };

  function writeSlice() {
    const ids: string[] = [];
    for (const id of pending) {
      pending.delete(id);
      if (sockets.has(id)) ids.push(id);
      if (ids.length === slice) break;
    }
    if (ids.length) { io.to(ids).emit(event, latest); counts.writes += ids.length; }
    if (pending.size) setImmediate(writeSlice);
    else writing = false;
  }

  return {
    /** Sends `snapshot` to every connected socket, instead of any older one a socket has not been sent yet. */
    publish(snapshot: T) {
      latest = snapshot;
      counts.snapshots++;
      counts.superseded += pending.size;
      for (const id of sockets.keys()) pending.add(id);
      if (!writing && pending.size) { writing = true; setImmediate(writeSlice); }
    },
    counts: (): SnapshotPushCounts => ({ ...counts }),
  };
}
