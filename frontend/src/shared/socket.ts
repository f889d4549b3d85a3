import { useEffect, useRef, useState } from 'react';
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

/** Told when the connection is replaced, so hooks that listen on it can attach to the new one. */
const resetListeners = new Set<() => void>();

/** Closes the connection (e.g. after sign-in/out so the server re-reads the cookie). */
export function resetSocket(): void {
  const pending = socketPromise;
  socketPromise = null;
  if (pending) void pending.then((socket) => socket.disconnect()).catch(() => undefined);
  for (const listener of resetListeners) listener();
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

/**
 * Refetches `queryKey` whenever the server pushes `event` (a hint that the data changed, e.g.
 * `cart:updated` to the account's other tabs), and after a reconnect. Opens the connection only
 * while `enabled`, and follows it when it is replaced (sign-in, sign-out, role switch).
 */
export function useSocketInvalidate(event: string, queryKey: QueryKey, enabled = true): void {
  const queryClient = useQueryClient();
  const keyRef = useRef(queryKey);
  const keyHash = hashKey(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const onReset = () => setGeneration((g) => g + 1);
    resetListeners.add(onReset);
    return () => {
      resetListeners.delete(onReset);
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let socket: Socket | null = null;
    const invalidate = () => {
      void queryClient.invalidateQueries({ queryKey: keyRef.current, exact: true });
    };
    getSocket()
      .then((s) => {
        if (cancelled) return;
        socket = s;
        s.on(event, invalidate);
        s.io.on('reconnect', invalidate);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      socket?.off(event, invalidate);
      socket?.io.off('reconnect', invalidate);
    };
  }, [enabled, event, generation, keyHash, queryClient]);
}
