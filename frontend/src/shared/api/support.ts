import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  CHAT_SEND, chatSendAnswerSchema, KNOWLEDGE_QUERY_MAX, chatTranscriptSchema, heldAnswerSchema, inquiriesSchema, knowledgeEntriesSchema, knowledgeSearchResultsSchema, supportQueueSchema,
  type ChatMessage, type ChatSendAnswer, type ChatSendInput, type ChatSession, type InquiryStatus, type InquiryUpdate, type InquiryValues, type KnowledgeEntryValues,
} from '@phonemarket/contracts';
import { openLiveSocket, type LiveSocket } from '../live';
import { ApiError, apiFetch, notePosition } from './client';

/** How long a chat line waits for its socket ack before it goes as an HTTP command (same id: never twice). */
const CHAT_SEND_ACK_MS = 5000;

/**
 * Customer support's server state, shared by the /customer-support page, the chatbot widget, the
 * admin knowledge base and the support console (shapes from @phonemarket/contracts).
 */
export const commandAnswerSchema = z.object({ id: z.string(), position: z.string() });
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;

export const INQUIRIES_PATH = '/api/inquiries';
export const KNOWLEDGE_PATH = '/api/knowledge-base';
export const SUPPORT_QUEUE_PATH = '/api/support/queue';

// Inquiries ----------------------------------------------------------------------------------------

/** `GET /api/inquiries?userId=&status=`: a user's own; an admin's queue (all, or one status). */
export const inquiriesQueryOptions = (params: { userId?: string; status?: InquiryStatus } = {}) => queryOptions({
  queryKey: [INQUIRIES_PATH, params],
  queryFn: ({ signal }) => apiFetch(INQUIRIES_PATH, { params, schema: inquiriesSchema, signal }),
});
export function useInquiries(params: { userId?: string; status?: InquiryStatus }, enabled = true) {
  return useQuery({ ...inquiriesQueryOptions(params), enabled });
}

export function useSubmitInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: InquiryValues) => apiFetch(INQUIRIES_PATH, { method: 'POST', body: values, schema: commandAnswerSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [INQUIRIES_PATH] }),
  });
}

export function useUpdateInquiry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InquiryUpdate & { id: string }) => apiFetch(`${INQUIRIES_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: commandAnswerSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [INQUIRIES_PATH] }),
  });
}

// Knowledge base -----------------------------------------------------------------------------------

export const knowledgeQueryOptions = () => queryOptions({
  queryKey: [KNOWLEDGE_PATH],
  queryFn: ({ signal }) => apiFetch(KNOWLEDGE_PATH, { schema: knowledgeEntriesSchema, signal }),
});
export function useKnowledgeBase(enabled = true) {
  return useQuery({ ...knowledgeQueryOptions(), enabled });
}

/** A question longer than the search takes (the widget's input allows a live chat's 1,000) is searched by its start, as the matcher reads it. */
export function searchKnowledge(query: string, signal?: AbortSignal) {
  return apiFetch(`${KNOWLEDGE_PATH}/search`, { method: 'POST', body: { query: query.slice(0, KNOWLEDGE_QUERY_MAX) }, schema: knowledgeSearchResultsSchema, signal });
}

export function useKnowledgeCommand<V>(request: (vars: V) => Promise<CommandAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: [KNOWLEDGE_PATH] }) });
}
export const createKnowledgeEntry = (values: KnowledgeEntryValues) => apiFetch(KNOWLEDGE_PATH, { method: 'POST', body: values, schema: commandAnswerSchema });
export const editKnowledgeEntry = ({ id, values }: { id: string; values: KnowledgeEntryValues }) =>
  apiFetch(`${KNOWLEDGE_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: values, schema: commandAnswerSchema });
export const reviewKnowledgeEntry = ({ id, status }: { id: string; status: '승인' | '거절' }) =>
  apiFetch(`${KNOWLEDGE_PATH}/${encodeURIComponent(id)}/review`, { method: 'POST', body: { status }, schema: commandAnswerSchema });
export const setKnowledgeEntryActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiFetch(`${KNOWLEDGE_PATH}/${encodeURIComponent(id)}/active`, { method: 'POST', body: { isActive }, schema: commandAnswerSchema });
export const recordKnowledgeUse = (id: string, sessionId: string | null) =>
  apiFetch(`${KNOWLEDGE_PATH}/${encodeURIComponent(id)}/use`, { method: 'POST', body: { sessionId }, schema: commandAnswerSchema });

// Chat sessions ------------------------------------------------------------------------------------

export const chatPath = (id: string) => `/api/chat-sessions/${encodeURIComponent(id)}`;
export const transcriptQueryOptions = (id: string) => queryOptions({
  queryKey: [`${chatPath(id)}/messages`],
  queryFn: ({ signal }) => apiFetch(`${chatPath(id)}/messages`, { schema: chatTranscriptSchema, signal }),
});
/**
 * Writes a live chat's line into its transcript's cache entry, as a read would show it: a push to the
 * chat's room (useChatRoom), or our own line from its `chat:send` ack (the room's push is not sent back
 * to the sender, ADR 031). `session` as the push carries it; without one (the ack of a resent line) the
 * cached session stays.
 */
export function writeChatLine(client: QueryClient, sessionId: string, message: ChatMessage, session?: ChatSession): void {
  const { queryKey } = transcriptQueryOptions(sessionId);
  // A read of the transcript on its way may have been answered before this line: its answer would put
  // the line out of the cache again. So it is read once more (a read in flight is cancelled for it).
  const readInFlight = client.isFetching({ queryKey, exact: true }) > 0;
  client.setQueryData(queryKey, (old) => old
    ? { session: session ?? old.session, messages: old.messages.some((m) => m.id === message.id) ? old.messages : [...old.messages, message] }
    : session && { session, messages: [message] });
  if (readInFlight) void client.invalidateQueries({ queryKey, exact: true });
}

/**
 * One line over the socket: its ack, or null when none comes in time. An accepted line is written into
 * the transcript in the ack's callback, before the socket's next frame is handled (as the room's push
 * of it was), so it keeps its place among the other side's lines.
 */
function sendOverSocket(socket: LiveSocket, client: QueryClient, line: ChatSendInput): Promise<ChatSendAnswer | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), CHAT_SEND_ACK_MS);
    socket.emit(CHAT_SEND, line, (raw: unknown) => {
      clearTimeout(timer);
      const answer = chatSendAnswerSchema.safeParse(raw);
      if (!answer.success) return resolve(null);
      if (answer.data.ok) writeChatLine(client, line.sessionId, answer.data.line, answer.data.session);
      resolve(answer.data);
    });
  });
}

export const supportQueueQueryOptions = () => queryOptions({
  queryKey: [SUPPORT_QUEUE_PATH],
  queryFn: ({ signal }) => apiFetch(SUPPORT_QUEUE_PATH, { schema: supportQueueSchema, signal }),
});

export const chatApi = {
  start: (id: string) => apiFetch('/api/chat-sessions', { method: 'POST', body: { id, tags: [] }, schema: commandAnswerSchema }),
  end: (id: string, satisfactionScore: number) =>
    apiFetch(chatPath(id), { method: 'PATCH', body: { endTime: new Date().toISOString(), satisfactionScore }, schema: commandAnswerSchema }),
  escalate: (id: string, reason: string) => apiFetch(`${chatPath(id)}/escalate`, { method: 'POST', body: { reason }, schema: commandAnswerSchema }),
  log: (turn: { id: string; sessionId: string; userQuestion: string; botAnswer: string; knowledgeId: string | null; responseTime: number; resolved?: boolean; satisfactionScore?: number | null }) =>
    apiFetch('/api/chatbot-logs', { method: 'POST', body: turn, schema: commandAnswerSchema }),
  assign: (id: string) => apiFetch(`${chatPath(id)}/assign`, { method: 'POST', schema: commandAnswerSchema }),
  /**
   * A line is published (201) or held by the scam guard (202: `held`, and why in `message`, issue 41).
   * Over the app's socket when it is open (ADR 031: no HTTP command, the room hears it at once, and the
   * line is written into `client`'s transcript from the ack; over HTTP the room's push brings it). A final
   * refusal (`status`: a broken rule, the rate limit) is thrown as the route's `ApiError` would be; a line
   * for the HTTP route (`overHttp`), a failure or a lost ack is sent as an HTTP command under the same id
   * instead, which answers with the Korean reason (or holds the line) and never appends a line twice.
   */
  send: async (id: string, content: string, client: QueryClient): Promise<z.infer<typeof heldAnswerSchema> | CommandAnswer> => {
    const messageId = `line-${crypto.randomUUID()}`;
    const socket = await openLiveSocket();
    const answer = socket ? await sendOverSocket(socket, client, { sessionId: id, messageId, content }) : null;
    if (answer?.ok) {
      notePosition(answer.position);
      return { id, position: answer.position };
    }
    if (answer && !answer.overHttp && answer.status) throw new ApiError(answer.status, answer.message);
    return apiFetch(`${chatPath(id)}/messages`, { method: 'POST', body: { id: messageId, content }, schema: z.union([heldAnswerSchema, commandAnswerSchema]) });
  },
  close: (id: string) => apiFetch(`${chatPath(id)}/close`, { method: 'POST', schema: commandAnswerSchema }),
};
