import { chatLineOf, scamWordsIn, type ChatMessage, type ChatSendInput } from '@phonemarket/contracts';
import { streams, type Role } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { domainErrorStatus, HttpError } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, KEPT_FOLD } from '../../shared/commandHandler.ts';
import type { CommandDeps } from '../../shared/deps.ts';
import { chatLineLimiter } from './chatLineLimit.ts';
import { chatSessionDecider, type Requester } from './chatSession.ts';

/** Who sends a line over the socket: the handshake's account (or none) and the visitor's chat cookie. */
export interface ChatLineAuthor { userId: string | null; role: Role; name: string; visitorKey: string | null }

/** A line sent (or found there, a resend: `written` false) with its log position; or why not, in Korean. */
export type ChatLineResult =
  | { ok: true; line: ChatMessage; position: bigint; written: boolean }
  | { ok: false; message: string; overHttp?: boolean; status?: number };

/** Posts lines of live chats without HTTP (the socket path, ADR 031): `post` is called in the order the lines arrived. */
export type ChatLinePoster = (who: ChatLineAuthor, input: ChatSendInput) => Promise<ChatLineResult>;

/**
 * The chat line command for a caller that is not an HTTP request: the same decider, the same append
 * with the revision read (`handleCommand`), the client's message id as the line's id, so a resend
 * after a lost answer appends nothing. It is decided on the chat's fold as kept from its last line
 * (`KEPT_FOLD`: no read of the stream; the append's revision check catches another writer). A line the scam guard would hold is not decided here: the
 * guard is the HTTP route's (it answers 202 and queues the line for an admin), so the caller is told
 * to send it there. The HTTP route's rate limit applies (`chatLineLimiter`): over it, the Korean
 * reason and nothing appended. The limit checks are chained, so lines reach `handleCommand` (which
 * queues a stream's commands as called) in the order they were posted.
 */
export function chatLinePoster(deps: Pick<CommandDeps, 'store' | 'clock' | 'newId' | 'rateLimits'>): ChatLinePoster {
  const withinLimit = chatLineLimiter(deps.rateLimits);
  // The limit's checks one after another, in the order the lines came: a line's command is then called
  // before the next line's (a shared limiter store may answer out of order), which keeps a chat's order.
  let checks: Promise<unknown> = Promise.resolve();
  return async (who, input) => {
    if (scamWordsIn([input.content]).length > 0) return { ok: false, overHttp: true, message: '이 메시지는 확인이 필요해 일반 전송으로 보냅니다.' };
    const requester: Requester = { userId: who.userId, visitorKey: who.visitorKey, role: who.role, name: who.name };
    const checked = checks.then(() => withinLimit(requester, input.sessionId));
    checks = checked.catch(() => {});
    try {
      await checked;
      const result = await handleCommand(deps.store, streams.chatSession(input.sessionId), chatSessionDecider,
        { type: 'PostChatMessage', requester, content: input.content, messageId: input.messageId },
        { actor: { userId: who.userId, role: who.role }, correlationId: deps.newId(), clock: deps.clock, newId: deps.newId }, KEPT_FOLD);
      const sent = result.state.messages.get(input.messageId);
      if (!sent) throw new Error(`chat line ${input.messageId} not in its session after the command`);
      return { ok: true, line: chatLineOf({ messageId: input.messageId, ...sent }, sent.at), position: result.position, written: result.written > 0 };
    } catch (err) {
      if (err instanceof DomainError) return { ok: false, message: err.message, status: domainErrorStatus(err) };
      if (err instanceof HttpError && err.status === 429) return { ok: false, message: err.message, status: 429 };
      throw err;
    }
  };
}
