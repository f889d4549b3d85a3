import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type { ResponseSchema } from './api/client';

/**
 * One Socket.IO connection for the whole app, created on first use. The client library is
 * loaded on demand so pages without live data do not pay for it. The handshake carries the
 * session cookie; the server decides which rooms we are in.
 */
let socketPromise: Promise<Socket> | null = null;

export function getSocket(): Promise<Socket> {
  if (!socketPromise) {
    socketPromise = import('socket.io-client').then(({ io }) => io({ withCredentials: true, path: '/socket.io' }));
    socketPromise.catch(() => {
      socketPromise = null;
    });
  }
  return socketPromise;
}

/** Closes the connection (e.g. after sign-in/out so the server re-reads the cookie). */
export function resetSocket(): void {
  const pending = socketPromise;
  socketPromise = null;
  if (pending) void pending.then((socket) => socket.disconnect()).catch(() => undefined);
}

/** Calls `handler` for every `event` pushed by the server while the component is mounted. */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    let cancelled = false;
    let socket: Socket | null = null;
    const listener = (payload: T) => handlerRef.current(payload);
    getSocket()
      .then((s) => {
        if (cancelled) return;
        socket = s;
        s.on(event, listener);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      socket?.off(event, listener);
    };
  }, [event]);
}

/**
 * Writes data pushed with `event` into the TanStack cache under `queryKey` (e.g.
 * `useSocketQuerySync(SOCKET_EVENTS.rankingUpdate, ['/api/products/ranking'])`). When a schema is
 * given, payloads that do not match are ignored. After a reconnect the query is
 * invalidated, since pushes may have been missed while offline.
 */
export function useSocketQuerySync<T>(event: string, queryKey: QueryKey, schema?: ResponseSchema<T>): void {
  const queryClient = useQueryClient();
  const keyRef = useRef(queryKey);
  const keyHash = hashKey(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });

  useSocketEvent<unknown>(event, (payload) => {
    if (schema) {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return;
      queryClient.setQueryData<T>(keyRef.current, parsed.data);
    } else {
      queryClient.setQueryData(keyRef.current, payload);
    }
  });

  useEffect(() => {
    let cancelled = false;
    let socket: Socket | null = null;
    const onReconnect = () => {
      void queryClient.invalidateQueries({ queryKey: keyRef.current, exact: true });
    };
    getSocket()
      .then((s) => {
        if (cancelled) return;
        socket = s;
        s.io.on('reconnect', onReconnect);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      socket?.io.off('reconnect', onReconnect);
    };
  }, [queryClient, keyHash]);
}
