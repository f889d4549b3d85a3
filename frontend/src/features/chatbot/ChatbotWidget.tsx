import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { CHATBOT, chatMessageSchema } from '@phonemarket/contracts';
import { replyDelayOf } from '@phonemarket/contracts/chatbotAdmin.ts';
import { ApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { chatApi, knowledgeQueryOptions, recordKnowledgeUse, searchKnowledge, transcriptQueryOptions } from '../../shared/api/support';
import { useSession } from '../../shared/auth/session';
import { tabStorage } from '../../shared/storage';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { useChatRoom } from '../../shared/support/useChatRoom';
import { createIcon } from '../../shared/ui/icons';
import { useChatbotSettings } from './api/chatbotSettings';
import { LinkedText } from './linkedText';
import { LIVE_CHAT_KEY } from './liveChat';

const ThumbUpIcon = createIcon(<path d="M7 10v11H3V10h4Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7" />);
const ThumbDownIcon = createIcon(<path d="M17 14V3h4v11h-4Zm0 0-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.3-8A2 2 0 0 1 5.8 3H17" />);

/** One bubble in the widget: the spec's chat message plus what the widget shows with it. */
const widgetMessageSchema = z.object({
  id: z.string(),
  type: chatMessageSchema.shape.type,
  content: z.string(),
  timestamp: z.string(),
  authorName: z.optional(z.nullable(z.string())),
  suggestions: z.optional(z.array(z.string())),
  knowledgeId: z.optional(z.nullable(z.string())),
  /** The logged turn this answer belongs to (thumbs rate it). */
  logId: z.optional(z.string()),
  question: z.optional(z.string()),
  rated: z.optional(z.number()),
  offerAgent: z.optional(z.boolean()),
});
type WidgetMessage = z.infer<typeof widgetMessageSchema>;

type Phase = 'bot' | 'connecting' | 'live' | 'rating' | 'rated';

/** A chat handed to an agent, kept in this tab across a reload (liveChat.ts): its id and the bot's part, up to the escalation's line. */
const liveChatSchema = z.object({ sessionId: z.string(), messages: z.array(widgetMessageSchema) });
type LiveChat = z.infer<typeof liveChatSchema>;
function storedLiveChat(): LiveChat | null {
  const raw = tabStorage.get(LIVE_CHAT_KEY);
  if (raw === null) return null;
  try {
    const parsed = liveChatSchema.safeParse(JSON.parse(raw));
    // Only an escalated chat is kept (the agent's part goes after the escalation's line).
    if (parsed.success && parsed.data.messages.some((m) => m.id === ESCALATION_ID)) return parsed.data;
  } catch {
    // not JSON: dropped below
  }
  tabStorage.remove(LIVE_CHAT_KEY);
  return null;
}

export const CHATBOT_TEXTS = {
  unmatched: '죄송합니다. 질문을 잘 이해하지 못했어요. 상담원과 연결해 드릴까요?',
  thumbsUp: '도움이 되었다니 기쁩니다! 더 궁금한 점이 있으면 물어보세요.',
  thumbsDown: '도움이 되지 못해 죄송합니다. 상담원과 연결해 드릴까요?',
  ending: '상담을 종료합니다. 오늘 상담은 만족스러우셨나요? 별점을 남겨주세요.',
  thanks: '평가해 주셔서 감사합니다! 새 대화를 시작할 수 있어요.',
  /** The answer to a message asking for a person (issue 39): the handoff is offered at once, not after 👎. */
  agentRequested: '상담원과 바로 연결해 드릴게요. 아래 상담원 연결 버튼을 눌러주세요.',
  agentsBusy: '지금은 모든 상담원이 다른 고객과 상담 중이에요. 연결될 때까지 기다리시거나 고객센터(/customer-support)에 1:1 문의를 남겨주세요.',
} as const;

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
const now = () => new Date().toISOString();
const endsConversation = (text: string) => CHATBOT.endWords.some((w) => text.includes(w));
/** A message asking for a person rather than an answer: "상담원 연결해주세요", "사람이랑 얘기하고 싶어요", "상담사 바꿔주세요". */
const PERSON_REQUEST = /(상담원|상담사|상담 ?직원|담당자|사람\s*(이랑|하고|과|와|한테|에게|을|좀|이)|직원\s*(연결|바꿔|이랑|하고)|실제\s*사람|사람\s*연결|콜센터|전화\s*상담)/;
export const asksForPerson = (text: string) => PERSON_REQUEST.test(text.replace(/\s+/g, ' '));
/** The widget's line saying an agent was asked for: the agent's part of the chat (the server's transcript) goes after it. */
const ESCALATION_ID = 'escalation';
const escalationLine = (): WidgetMessage => ({ id: ESCALATION_ID, type: 'system', timestamp: now(), content: '상담원 연결을 요청했습니다. 잠시만 기다려주세요.' });
const warn = (what: string) => (error: unknown) => console.warn(`[chatbot] ${what}`, error);

function Bubble({ m, onThumb, onAgent, onSuggestion, disabled }: {
  m: WidgetMessage; onThumb: (m: WidgetMessage, score: number) => void; onAgent: () => void; onSuggestion: (q: string) => void; disabled: boolean;
}) {
  const mine = m.type === 'user';
  if (m.type === 'system') {
    return <Text data-testid="chat-system" textAlign="center" fontSize="xs" color="fg.muted" py="1">{m.content}{m.authorName ? ` · 상담원 ${m.authorName}` : ''}</Text>;
  }
  return (
    <Stack gap="1" align={mine ? 'flex-end' : 'flex-start'} data-testid={`chat-${m.type}`}>
      {m.type === 'agent' ? <Text fontSize="xs" color="fg.muted">상담원 {m.authorName}</Text> : null}
      <Box maxW="85%" px="3" py="2" rounded="lg" fontSize="sm" whiteSpace="pre-wrap" bg={mine ? 'brand.solid' : 'bg.muted'} color={mine ? 'brand.contrast' : undefined}>
        {mine ? m.content : <LinkedText content={m.content} />}
      </Box>
      {m.knowledgeId && m.logId ? (
        <HStack gap="1">
          <IconButton size="2xs" variant={m.rated === CHATBOT.thumbsUp ? 'solid' : 'ghost'} aria-label="도움이 됐어요" disabled={disabled || m.rated !== undefined} onClick={() => onThumb(m, CHATBOT.thumbsUp)}><ThumbUpIcon /></IconButton>
          <IconButton size="2xs" variant={m.rated === CHATBOT.thumbsDown ? 'solid' : 'ghost'} aria-label="도움이 안 됐어요" disabled={disabled || m.rated !== undefined} onClick={() => onThumb(m, CHATBOT.thumbsDown)}><ThumbDownIcon /></IconButton>
        </HStack>
      ) : null}
      {m.offerAgent ? <Button size="xs" colorPalette="brand" variant="outline" disabled={disabled} onClick={onAgent}>상담원 연결</Button> : null}
      {m.suggestions?.length ? (
        <Flex gap="1" wrap="wrap">
          {m.suggestions.map((q) => <Button key={q} size="xs" variant="outline" rounded="full" disabled={disabled} onClick={() => onSuggestion(q)}>{q}</Button>)}
        </Flex>
      ) : null}
    </Stack>
  );
}

/**
 * The support chatbot (spec §2 chatbot widget, §4, §9), loaded on first open. Answers from the
 * knowledge base after the spec's 1–2 s delay, logs each turn, rates answers with thumbs (5/1),
 * ends with a 1–5 star rating when a message contains 종료 or 끝, and hands off to a live agent:
 * the session waits in the support queue until an admin takes it; messages then flow both ways.
 */
export default function ChatbotWidget({ onClose, focusKey = 0 }: {
  onClose: () => void;
  /** Changed (above 0) each time the visitor opens the widget: the focus moves into it, so a keyboard user goes on there. */
  focusKey?: number;
}) {
  const { user, role } = useSession();
  const client = useQueryClient();
  const knowledge = useQuery(knowledgeQueryOptions());
  // The admin's chatbot settings (/admin/chatbot): the reply delay and how long a handoff waits before the busy notice.
  const settings = useChatbotSettings();
  // After a reload of this tab a chat handed to an agent goes on where it was (the server says whether it still is).
  const [resumed] = useState(storedLiveChat);
  const [sessionId, setSessionId] = useState(() => resumed?.sessionId ?? newId('chat'));
  const [messages, setMessages] = useState<WidgetMessage[]>(() => resumed?.messages ?? []);
  const [storedPhase, setPhase] = useState<Phase>(resumed ? 'connecting' : 'bot');
  const [minimized, setMinimized] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [draft, setDraft] = useState('');
  /** 상담 종료 pressed: asked first ('상담을 종료할까요?'); `ending` while the close is on its way. */
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const [ending, setEnding] = useState(false);
  const started = useRef<string | null>(resumed?.sessionId ?? null);
  const end = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const firstStar = useRef<HTMLButtonElement>(null);
  const newChat = useRef<HTMLButtonElement>(null);
  const confirmEnd = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (focusKey > 0) root.current?.focus({ preventScroll: true }); }, [focusKey]);
  useEffect(() => { if (confirmingEnd) confirmEnd.current?.focus({ preventScroll: true }); }, [confirmingEnd]);

  const following = storedPhase === 'connecting' || storedPhase === 'live';
  const transcript = useQuery({ ...transcriptQueryOptions(sessionId), enabled: following });
  useChatRoom(sessionId, following, { visitor: !user });
  // The live part follows the server's transcript (what a reload would show): taken over → live; closed by the agent → rating.
  const session = following ? transcript.data?.session : undefined;
  // A kept chat the server no longer lets this visitor read (another account now, the chat cookie gone): a new chat
  // at once (state adjusted while rendering, as React advises for state that follows a read).
  if (resumed?.sessionId === sessionId && transcript.error instanceof ApiError && [403, 404].includes(transcript.error.status)) {
    setPhase('bot');
    setMessages([]);
    setSessionId(newId('chat'));
  }
  const phase: Phase = session?.status === 'closed' ? 'rating' : storedPhase === 'connecting' && session?.status === 'active' ? 'live' : storedPhase;
  // Kept once the server took the escalation, while the chat is with an agent (waiting, talking, or closed by the agent and
  // not yet rated); a rating or a new chat forgets it. A reload before the escalation was taken starts anew.
  const escalatedAt = messages.findIndex((m) => m.id === ESCALATION_ID);
  useEffect(() => {
    if (following && escalatedAt >= 0) tabStorage.set(LIVE_CHAT_KEY, JSON.stringify({ sessionId, messages } satisfies LiveChat));
    else tabStorage.remove(LIVE_CHAT_KEY);
  }, [following, escalatedAt, sessionId, messages]);
  const push = useCallback((...add: WidgetMessage[]) => setMessages((list) => [...list, ...add]), []);
  // What the bot may still say is decided when it would say it: once an agent is asked for, connected or the chat is over, nothing.
  const phaseNow = useRef<Phase>(phase);
  const refetchTranscript = useRef(transcript.refetch);
  useEffect(() => {
    phaseNow.current = phase;
    refetchTranscript.current = transcript.refetch;
  });

  // Start a session and greet (first open, and after 'new conversation').
  const suggestions = (knowledge.data ?? []).slice(0, 4).map((e) => e.question);
  useEffect(() => {
    if (started.current === sessionId) return;
    started.current = sessionId;
    chatApi.start(sessionId).catch(warn('session'));
    const name = user?.firstName;
    setMessages([{ id: newId('greet'), type: 'bot', timestamp: now(), content: name ? `안녕하세요, ${name}님! 폰마켓 고객지원입니다. 무엇을 도와드릴까요?` : '안녕하세요! 폰마켓 고객지원입니다. 무엇을 도와드릴까요?' }]);
  }, [sessionId, user?.firstName]);

  // No agent took the chat within the handoff wait: say so once (the chat keeps waiting in the queue).
  useEffect(() => {
    if (phase !== 'connecting') return;
    const timer = setTimeout(() => {
      // A push may have been missed: ask the server whether the chat still waits before saying nobody is free.
      void refetchTranscript.current().then(({ data }) => {
        const stillWaiting = data?.session.status === 'waiting' && !data.messages.some((m) => m.type === 'agent');
        if (!stillWaiting || phaseNow.current !== 'connecting') return;
        setMessages((list) => (list.some((m) => m.id === 'agents-busy') ? list : [...list, { id: 'agents-busy', type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.agentsBusy }]));
      });
    }, settings.handoffWaitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [phase, settings.handoffWaitSeconds]);

  const serverLive = (() => {
    const list = following || storedPhase === 'rated' ? transcript.data?.messages ?? [] : [];
    const from = list.findIndex((m) => m.type === 'system');
    return from < 0 ? [] : list.slice(from + 1);
  })();
  // The busy notice is about the wait only: once an agent has the chat it is no longer true, and shown below the
  // agent's words it would read as said while the agent was replying (issue 39).
  const agentJoined = phase === 'live' || serverLive.some((m) => m.type === 'agent');
  const local = agentJoined ? messages.filter((m) => m.id !== 'agents-busy') : messages;
  // The widget's own lines after the escalation (a refused or held line's notice) go where they were said among the
  // server's: put after every server line, each later agent line would show above them, and they under 상담이 종료되었습니다.
  const shown: WidgetMessage[] = escalatedAt < 0 ? local : [
    ...local.slice(0, escalatedAt + 1),
    ...[...serverLive, ...local.slice(escalatedAt + 1)].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp)),
  ];
  useEffect(() => { end.current?.scrollIntoView({ block: 'nearest' }); }, [shown.length, waiting]);

  const handoff = async () => {
    if (phase !== 'bot') return;
    setPhase('connecting');
    try {
      await chatApi.escalate(sessionId, '고객이 상담원 연결을 요청했습니다');
      push(escalationLine());
    } catch (error) {
      warn('escalate')(error);
      setPhase('bot'); // spec §8: the connecting state is cleared, no message
    }
  };

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question || waiting || phase === 'connecting' || phase === 'rated') return;
    setDraft('');
    if (phase === 'live') {
      chatApi.send(sessionId, question, client).then((answer) => {
        // Held by the scam guard (issue 41): the line waits for an admin; the customer is told why.
        if ('held' in answer) push({ id: newId('held'), type: 'system', timestamp: now(), content: answer.message });
      }).catch((error: unknown) => {
        // Refused (sent too fast, the chat closed): the customer is told why, and the line is back in the input.
        push({ id: newId('refused'), type: 'system', timestamp: now(), content: describeError(error) });
        setDraft((current) => current || question);
      });
      return;
    }
    push({ id: newId('q'), type: 'user', timestamp: now(), content: question });
    if (endsConversation(question)) {
      setPhase('rating');
      push({ id: newId('end'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.ending });
      return;
    }
    if (asksForPerson(question)) {
      const answer: WidgetMessage = { id: newId('a'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.agentRequested, offerAgent: true };
      push(answer);
      chatApi.log({ id: newId('log'), sessionId, userQuestion: question, botAnswer: answer.content, knowledgeId: null, responseTime: 0 }).catch(warn('log'));
      return;
    }
    setWaiting(true);
    const startedAt = performance.now();
    const [results] = await Promise.all([searchKnowledge(question).catch(() => []), new Promise((r) => setTimeout(r, replyDelayOf(settings, Math.random())))]);
    setWaiting(false);
    // The person asked for an agent (or the chat ended) while the answer was on its way: the bot stays silent.
    if (phaseNow.current !== 'bot') return;
    const best = results[0];
    const logId = newId('log');
    const answer: WidgetMessage = best
      ? { id: newId('a'), type: 'bot', timestamp: now(), content: best.answer, knowledgeId: best.id, logId, question, suggestions: results.slice(1, 4).map((r) => r.question) }
      : { id: newId('a'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.unmatched, offerAgent: true };
    push(answer);
    if (best) recordKnowledgeUse(best.id, sessionId).catch(warn('usage'));
    chatApi.log({ id: logId, sessionId, userQuestion: question, botAnswer: answer.content, knowledgeId: best?.id ?? null, responseTime: Math.round(performance.now() - startedAt) }).catch(warn('log'));
  };

  const thumb = (m: WidgetMessage, score: number) => {
    if (phase !== 'bot') return;
    setMessages((list) => list.map((x) => (x.id === m.id ? { ...x, rated: score } : x)));
    if (m.logId) chatApi.log({ id: m.logId, sessionId, userQuestion: m.question ?? '', botAnswer: m.content, knowledgeId: m.knowledgeId ?? null, responseTime: 0, satisfactionScore: score, resolved: score >= CHATBOT.resolvedFrom }).catch(warn('feedback'));
    push(score === CHATBOT.thumbsUp
      ? { id: newId('f'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.thumbsUp }
      : { id: newId('f'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.thumbsDown, offerAgent: true });
  };

  const rate = (score: number) => {
    setPhase('rated');
    chatApi.end(sessionId, score).catch(warn('rating'));
    push({ id: newId('r'), type: 'user', timestamp: now(), content: '★'.repeat(score) }, { id: newId('t'), type: 'bot', timestamp: now(), content: CHATBOT_TEXTS.thanks });
  };

  // The customer ends a live chat (the agent's console hears it closed by the customer); the rating follows as after an agent's close.
  const endLive = async () => {
    setEnding(true);
    try {
      await chatApi.close(sessionId);
      await transcript.refetch();
    } catch (error) {
      push({ id: newId('refused'), type: 'system', timestamp: now(), content: describeError(error) });
    } finally {
      setEnding(false);
      setConfirmingEnd(false);
    }
  };

  const restart = () => {
    setPhase('bot');
    setWaiting(false);
    setSessionId(newId('chat'));
  };

  // While an answer is on its way only sending is off: a disabled input would drop the keyboard's focus to the page
  // after every question (the next one may be typed meanwhile; `ask` takes it once the answer is in).
  const inputDisabled = phase === 'connecting' || phase === 'rating' || phase === 'rated';
  // A keyboard user's focus goes on with the chat when a step takes away what had it (the input off at 종료, the stars
  // gone once rated, 새 대화 시작 gone once pressed): to the stars, 새 대화 시작 or the input. Only when the focus fell
  // to the page or is in the widget (never taken from elsewhere on the page), and not on a page load.
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (shownPhase.current === phase) return;
    shownPhase.current = phase;
    const active = document.activeElement;
    if (active !== document.body && !root.current?.contains(active)) return;
    const next = phase === 'rating' ? firstStar.current : phase === 'rated' ? newChat.current : phase === 'bot' || phase === 'live' ? input.current : root.current;
    next?.focus({ preventScroll: true });
  }, [phase]);
  return (
    <Box ref={root} tabIndex={-1} onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }} outline="none"
      data-testid="chatbot" role="dialog" aria-label="고객지원 챗봇" position="fixed" insetEnd={{ base: '3', md: '5' }} bottom={{ base: '3', md: '5' }} zIndex="modal"
      w={{ base: 'calc(100vw - 24px)', sm: '360px' }} bg="bg.panel" borderWidth="1px" rounded="xl" shadow="2xl" overflow="hidden">
      <HStack px="3" py="2" bg="brand.solid" color="brand.contrast" justify="space-between">
        <HStack gap="2" minW="0">
          <Text fontWeight="bold" truncate>{phase === 'live' ? `상담원 ${session?.agentName ?? ''}` : '폰마켓 고객지원'}</Text>
          {user ? <Badge data-testid="chat-role" size="sm" variant="surface">{ROLE_LABELS[role]}</Badge> : null}
        </HStack>
        <HStack gap="0">
          <IconButton size="xs" variant="ghost" color="inherit" aria-label={minimized ? '펼치기' : '최소화'} onClick={() => setMinimized((v) => !v)}>{minimized ? '▢' : '—'}</IconButton>
          <IconButton size="xs" variant="ghost" color="inherit" aria-label="챗봇 닫기" onClick={onClose}>✕</IconButton>
        </HStack>
      </HStack>
      {minimized ? null : (
        <>
          <Stack data-testid="chat-log" gap="3" p="3" h={{ base: '60dvh', sm: '400px' }} overflowY="auto" aria-live="polite">
            {shown.map((m, i) => (
              <Bubble key={m.id} m={i === 0 && !m.suggestions && phase === 'bot' && messages.length === 1 ? { ...m, suggestions } : m}
                onThumb={thumb} onAgent={() => void handoff()} onSuggestion={(q) => void ask(q)} disabled={waiting || phase !== 'bot'} />
            ))}
            {waiting ? <Text data-testid="chat-typing" fontSize="xs" color="fg.muted">답변을 준비하고 있어요…</Text> : null}
            {phase === 'connecting' ? <Text fontSize="xs" color="fg.muted">상담원을 연결하고 있어요…</Text> : null}
            {phase === 'rating' ? (
              <HStack data-testid="chat-rating" gap="1" justify="center" aria-label="만족도 평가 (1~5)">
                {[1, 2, 3, 4, 5].map((s) => <IconButton key={s} ref={s === 1 ? firstStar : undefined} size="sm" variant="outline" aria-label={`${s}점`} onClick={() => rate(s)}>★{s}</IconButton>)}
              </HStack>
            ) : null}
            {phase === 'rated' ? <Button ref={newChat} data-testid="chat-new" size="sm" colorPalette="brand" onClick={restart}>새 대화 시작</Button> : null}
            <div ref={end} />
          </Stack>
          {phase === 'bot' ? (
            <Flex px="2" pt="2" justify="flex-end" borderTopWidth="1px">
              <Button data-testid="chat-handoff" size="xs" variant="outline" colorPalette="brand" onClick={() => void handoff()}>상담원 연결</Button>
            </Flex>
          ) : null}
          {phase === 'live' ? (
            confirmingEnd ? (
              <HStack data-testid="chat-end-confirm" role="group" aria-label="상담 종료 확인" px="2" pt="2" justify="flex-end" borderTopWidth="1px" gap="2">
                <Text fontSize="sm" fontWeight="medium" me="auto">상담을 종료할까요?</Text>
                <Button ref={confirmEnd} size="xs" colorPalette="red" loading={ending} onClick={() => void endLive()}>종료하기</Button>
                <Button size="xs" variant="outline" disabled={ending} onClick={() => setConfirmingEnd(false)}>계속 상담</Button>
              </HStack>
            ) : (
              <Flex px="2" pt="2" justify="flex-end" borderTopWidth="1px">
                <Button data-testid="chat-end" size="xs" variant="outline" colorPalette="red" onClick={() => setConfirmingEnd(true)}>상담 종료</Button>
              </Flex>
            )
          ) : null}
          <form onSubmit={(e) => { e.preventDefault(); void ask(draft); }}>
            <HStack p="2" borderTopWidth="1px">
              <Input ref={input} data-testid="chat-input" size="sm" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={1000} disabled={inputDisabled}
                placeholder={phase === 'live' ? '상담원에게 메시지 보내기' : '궁금한 점을 입력하세요 (종료: 종료)'} aria-label="메시지" />
              <Button type="submit" size="sm" colorPalette="brand" disabled={inputDisabled || waiting || !draft.trim()}>전송</Button>
            </HStack>
          </form>
        </>
      )}
    </Box>
  );
}
