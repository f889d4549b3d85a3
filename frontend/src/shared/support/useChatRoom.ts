import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_JOIN, SOCKET_EVENTS, chatMessagePushSchema, type ChatTranscript } from '@phonemarket/contracts';
import { getMinPosition } from '../api/client';
import { transcriptQueryOptions } from '../api/support';
import { getSocket } from '../socket';

/**
 * Follows one live chat: asks the server to join this socket to the chat's room (it checks that we
 * are the chat's customer or its agent) and writes every `chat:message` into the transcript's cache
 * entry, so the widget and the console show what a reload would show. Joins again after a reconnect.
 */
export function useChatRoom(sessionId: string | null, enabled: boolean, { dedicated = false }: { dedicated?: boolean } = {}): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!sessionId || !enabled) return;
    const key = transcriptQueryOptions(sessionId).queryKey;
    let cancelled = false;
    let detach = () => {};
    const onMessage = (raw: unknown) => {
      const parsed = chatMessagePushSchema.safeParse(raw);
      if (!parsed.success || parsed.data.sessionId !== sessionId) return;
      const { message, session } = parsed.data;
      client.setQueryData<ChatTranscript>(key, (old) => old
        ? { session, messages: old.messages.some((m) => m.id === message.id) ? old.messages : [...old.messages, message] }
        : { session, messages: [message] });
    };
    // A dedicated connection is opened now, so its handshake carries a visitor's chat cookie set after the shared socket connected.
    const connect = dedicated
      ? import('socket.io-client').then(({ io }) => io({ path: '/socket.io', withCredentials: true, forceNew: true }))
      : getSocket();
    void connect.then((socket) => {
      if (cancelled) {
        if (dedicated) socket.disconnect();
        return;
      }
      const join = () => {
        const minPosition = getMinPosition() ?? undefined;
        void socket.emitWithAck(CHAT_JOIN, { sessionId, minPosition }).then(() => client.invalidateQueries({ queryKey: key })).catch(() => undefined);
      };
      socket.on(SOCKET_EVENTS.chatMessage, onMessage);
      socket.io.on('reconnect', join);
      join();
      detach = () => {
        socket.off(SOCKET_EVENTS.chatMessage, onMessage);
        socket.io.off('reconnect', join);
        if (dedicated) socket.disconnect();
      };
    }).catch(() => undefined);
    return () => {
      cancelled = true;
      detach();
    };
  }, [sessionId, enabled, dedicated, client]);
}
