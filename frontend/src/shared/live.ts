import { useEffect, useRef, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { invalidatePaths } from './api/invalidate';

/*
 * Live data (issue 36): one Socket.IO connection for the whole app and one hook, `useLiveData`, through
 * which every page follows the server's pushes. The handshake carries the session cookie and the server
 * decides the rooms, so the connection is replaced whenever the cookie changes (sign-in, sign-out, a
 * visitor's first chat); each hook then re-attaches to the new one and reads again what it may have
 * missed, as it does after a reconnect.
 */

let connecting: Promise<Socket> | null = null;
/** Counts the connections replaced: hooks follow it to re-attach. */
let generation = 0;
const replaced = new Set<() => void>();

/** A server's own disconnect is not retried by the client: a new connection comes after a moment (as whoever the cookie now says). */
const SERVER_DISCONNECT_RETRY_MS = 1000;

function connection(): Promise<Socket> {
  if (!connecting) {
    // Loaded on demand, so pages without live data do not pay for the client library.
    const made = import('socket.io-client').then(({ io }) => {
      // forceNew: a replaced connection must not be the cached one socket.io-client would hand out again.
      const socket = io({ withCredentials: true, path: '/socket.io', forceNew: true });
      socket.on('disconnect', (reason) => {
        if (reason !== 'io server disconnect') return;
        setTimeout(() => {
          if (connecting === made) renewLiveConnection();
        }, SERVER_DISCONNECT_RETRY_MS);
      });
      return socket;
    });
    connecting = made;
    made.catch(() => {
      if (connecting === made) connecting = null;
    });
  }
  return connecting;
}

/**
 * Closes the connection and lets every live hook open a new one: after sign-in and sign-out, so the
 * server reads the new cookie and puts the socket in that account's rooms.
 */
export function renewLiveConnection(): void {
  const old = connecting;
  connecting = null;
  generation += 1;
  if (old) void old.then((socket) => socket.disconnect()).catch(() => undefined);
  for (const listener of replaced) listener();
}

const subscribe = (listener: () => void) => {
  replaced.add(listener);
  return () => {
    replaced.delete(listener);
  };
};
const currentGeneration = () => generation;

/** How many live hooks are mounted now (each follows the connection): the test setup checks none outlives its file. */
export const mountedLiveHooks = (): number => replaced.size;

/**
 * The app's connection if it is open now (none is opened for this): a chat line goes over it when it
 * is (ADR 031), else as an HTTP command.
 */
export async function openLiveSocket(): Promise<LiveSocket | null> {
  const socket = connecting ? await connecting.catch(() => null) : null;
  return socket?.connected ? socket : null;
}

/** What a hook may send on the connection (e.g. to ask the server for a room). */
export type LiveSocket = Pick<Socket, 'emit' | 'emitWithAck'>;

export interface LiveData {
  /** The pushes followed (`SOCKET_EVENTS.*`). */
  events: readonly string[];
  /**
   * The queries holding this data (matched as TanStack matches keys: by prefix). Read again on a push
   * unless `onPush` takes it, and on every connection after this hook's first (a reconnect, a new
   * account's socket), since pushes may have been missed meanwhile.
   */
  queryKeys?: readonly QueryKey[];
  /** Also every query whose path (its key's first part) starts with one of these: a list, its filters and its items' histories. */
  paths?: readonly string[];
  /** Takes a push itself (e.g. writes its payload into the cache); `refetch` reads `queryKeys` and `paths` again. */
  onPush?: (payload: unknown, push: { event: string; refetch: () => void; client: QueryClient }) => void;
  /** Sent on every connection, e.g. to join a room the server checks (a chat, a model's prices). */
  onConnect?: (socket: LiveSocket, live: { refetch: () => void; client: QueryClient }) => void;
  /** Off: no connection is opened for this hook. */
  enabled?: boolean;
}

/**
 * The one way a page follows pushes: listens to `events` on the app's connection while mounted and
 * enabled, re-attaches when the connection is replaced and refetches `queryKeys` after any gap.
 */
export function useLiveData({ events, queryKeys = [], paths = [], onPush, onConnect, enabled = true }: LiveData): void {
  const client = useQueryClient();
  const latest = useRef({ queryKeys, paths, onPush, onConnect });
  useEffect(() => {
    latest.current = { queryKeys, paths, onPush, onConnect };
  });
  const connections = useSyncExternalStore(subscribe, currentGeneration, currentGeneration);
  /** The connection this hook last heard on (a socket's id is new on each connection): any other may follow a gap. */
  const lastConnection = useRef<string | undefined>(undefined);
  const eventList = events.join('\n');
  const keysHash = hashKey([...queryKeys, ...paths]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let detach = () => {};
    const refetch = () => {
      for (const queryKey of latest.current.queryKeys) void client.invalidateQueries({ queryKey });
      if (latest.current.paths.length) void invalidatePaths(client, ...latest.current.paths);
    };
    void connection().then((socket) => {
      if (cancelled) return;
      const listeners = eventList.split('\n').map((event) => [event, (payload: unknown) => {
        const { onPush: take } = latest.current;
        if (take) take(payload, { event, refetch, client });
        else refetch();
      }] as const);
      const connected = () => {
        latest.current.onConnect?.(socket, { refetch, client });
        // The first connection comes with the page's first reads; another one (a reconnect, a new account's socket) follows a gap.
        if (lastConnection.current !== undefined && lastConnection.current !== socket.id) refetch();
        lastConnection.current = socket.id;
      };
      for (const [event, listener] of listeners) socket.on(event, listener);
      socket.on('connect', connected);
      if (socket.connected) connected();
      detach = () => {
        for (const [event, listener] of listeners) socket.off(event, listener);
        socket.off('connect', connected);
      };
    }).catch(() => undefined);
    return () => {
      cancelled = true;
      detach();
    };
  }, [client, enabled, eventList, keysHash, connections]);
}
