/**
 * A stand-in for the third-party Socket.IO client in happy-dom tests: a socket that records its
 * listeners, so a test can push an event as the server would. Use it with
 * `vi.mock('socket.io-client', () => import('<path>/shared/test/fakeSocketIo'))`.
 */
export const socketListeners = new Map<string, (payload: unknown) => void>();

export const io = () => ({
  on: (event: string, fn: (payload: unknown) => void) => socketListeners.set(event, fn),
  off: (event: string) => socketListeners.delete(event),
  disconnect: () => undefined,
  io: { on: () => undefined, off: () => undefined },
});
