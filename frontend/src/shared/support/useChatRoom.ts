import { useEffect } from 'react';
import { CHAT_JOIN, SOCKET_EVENTS, chatMessagePushSchema } from '@phonemarket/contracts';
import { getMinPosition } from '../api/client';
import { transcriptQueryOptions, writeChatLine } from '../api/support';
import { renewLiveConnection, useLiveData } from '../live';

/**
 * Follows one live chat on the app's connection: asks the server to join the socket to the chat's room
 * (it checks that we are the chat's customer or its agent) on every connection, and writes every
 * `chat:message` into the transcript's cache entry, so the widget and the console show what a reload
 * would show (our own lines are not pushed back to us: `chatApi.send` writes them from their ack). A
 * guest (`visitor`) owns the chat by the chat cookie its first message set, which a connection
 * opened before does not carry: the connection is opened anew once the chat is followed.
 */
export function useChatRoom(sessionId: string | null, enabled: boolean, { visitor = false }: { visitor?: boolean } = {}): void {
  const following = enabled && sessionId !== null;
  useEffect(() => {
    if (visitor && following) renewLiveConnection();
  }, [visitor, following, sessionId]);
  const key = transcriptQueryOptions(sessionId ?? '').queryKey;
  useLiveData({
    enabled: following,
    events: [SOCKET_EVENTS.chatMessage],
    queryKeys: [key],
    onConnect: (socket, { refetch }) => {
      const minPosition = getMinPosition() ?? undefined;
      // Read again once joined: what was said before the room was ours.
      void socket.emitWithAck(CHAT_JOIN, { sessionId, minPosition }).then(refetch).catch(() => undefined);
    },
    onPush: (raw, { client }) => {
      const parsed = chatMessagePushSchema.safeParse(raw);
      if (!parsed.success || parsed.data.sessionId !== sessionId) return;
      writeChatLine(client, sessionId, parsed.data.message, parsed.data.session);
    },
  });
}
