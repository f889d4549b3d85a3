import type { ChatCountPush, ChatCountsPush } from '@phonemarket/contracts';

/**
 * The support room's `chat:updated` (each live chat's count of messages for the console's queue): the
 * projector's outbox has one message per line, and this sends the latest count of every chat that
 * changed as one frame every `everyMs`. One frame per line reached every admin socket for every line
 * of every chat, and its writes were a third of the server's busy time in the chat bench (ADR 031, s59);
 * a queue badge half a second late costs nobody anything.
 */
export function chatCountsPush(emit: (payload: ChatCountsPush) => void, everyMs: number) {
  const latest = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (latest.size === 0) return;
    const counts = [...latest].map(([sessionId, totalMessages]) => ({ sessionId, totalMessages }));
    latest.clear();
    emit({ counts });
  };
  return {
    add(count: ChatCountPush) {
      // A count never goes down: an outbox copy that comes late (another instance's order) does not undo a newer one.
      latest.set(count.sessionId, Math.max(count.totalMessages, latest.get(count.sessionId) ?? 0));
      timer ??= setTimeout(flush, everyMs);
      timer.unref?.();
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      latest.clear();
    },
  };
}
