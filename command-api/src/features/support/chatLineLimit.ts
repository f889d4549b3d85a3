import type { RateLimits } from '@phonemarket/platform/http/rateLimits.ts';
import { consumeOrRefuse, waitText } from '@phonemarket/platform/http/rateLimits.ts';
import type { Requester } from './chatSession.ts';

/**
 * Live-chat lines per author per chat (ADR 031): a burst of 10, then on average one a second
 * (10 points per 10 s window). A person types slower than that; an agent answering several chats
 * at once has the limit in each of them, so it is not an account-wide cap.
 */
export const CHAT_LINE_LIMIT = { name: 'chat-line', points: 10, durationSeconds: 10 } as const;

export const chatLineLimitMessage = (retryAfterSeconds: number) =>
  `메시지를 너무 빠르게 보내고 있습니다. ${waitText(retryAfterSeconds)} 후 다시 보내주세요.`;

/**
 * Spends one of the author's points in the chat before the line is decided, for both ways in (the
 * HTTP route and `chat:send`); over the limit it throws the 429 `HttpError` with the Korean reason,
 * and nothing is appended. The author is the account, else the guest's chat cookie; a requester
 * with neither cannot write in any chat (the Decider refuses it), so it spends nothing.
 */
export function chatLineLimiter(rateLimits: RateLimits): (requester: Pick<Requester, 'userId' | 'visitorKey'>, sessionId: string) => Promise<void> {
  const limiter = rateLimits.limiter(CHAT_LINE_LIMIT);
  return async (requester, sessionId) => {
    const author = requester.userId !== null ? `account:${requester.userId}` : requester.visitorKey !== null ? `guest:${requester.visitorKey}` : null;
    if (author === null) return;
    await consumeOrRefuse(limiter, `${author}|${sessionId}`, chatLineLimitMessage);
  };
}
