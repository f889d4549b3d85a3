/** Socket.IO events, server to client (DESIGN §5). query-api emits them; the browser listens for them. */
export const SOCKET_EVENTS = {
  rankingUpdate: 'ranking:update',
  notification: 'notification',
  chatMessage: 'chat:message',
  chatEscalated: 'chat:escalated',
  quoteOffer: 'quote:offer',
} as const;
export type SocketEvent = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];
