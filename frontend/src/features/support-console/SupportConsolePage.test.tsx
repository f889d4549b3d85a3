import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession, SupportQueue } from '@phonemarket/contracts';
import { createQueryClient } from '../../shared/api/query-client';
import { supportQueueQueryOptions } from '../../shared/api/support';
import { ME_QUERY_KEY } from '../../shared/auth/session';
import { json, stubFetch } from '../../shared/test/render';
import { appSystem } from '../../shared/theme/system';
import SupportConsolePage from './SupportConsolePage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ESCALATED_AT = Date.parse('2026-03-02T01:00:00.000Z');

function waitingChat(over: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 'chat-1', userId: 'u-1', customerName: '민수', status: 'waiting', startTime: '2026-03-02T00:59:00.000Z', endTime: null,
    totalMessages: 2, escalated: true, escalatedAt: new Date(ESCALATED_AT).toISOString(), escalationReason: '고객이 상담원 연결을 요청했습니다',
    assignedTo: null, agentName: null, resolved: false, satisfactionScore: null, tags: [], ...over,
  };
}

/** The page as the server renders it: the admin and the queue already in the cache. */
function tree(queue: SupportQueue) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, { id: 'admin-1', email: 'admin@demo.phonemarket.kr', firstName: '관리', lastName: '박', role: 'admin' });
  queryClient.setQueryData(supportQueueQueryOptions().queryKey, queue);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={appSystem()}>
          <MemoryRouter initialEntries={['/admin-support']}>
            <SupportConsolePage />
          </MemoryRouter>
        </ChakraProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/admin-support (상담 콘솔)', () => {
  it('hydrates the server\'s markup without a mismatch although the clock moved on, then shows how long each chat has waited', async () => {
    stubFetch(() => json({ message: '없음' }, { status: 404 }));
    const queue: SupportQueue = { waiting: [waitingChat()], active: [] };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ESCALATED_AT + 5_000);
    const html = renderToString(tree(queue));
    expect(html).toContain('민수');

    // The browser hydrates three seconds later.
    vi.setSystemTime(ESCALATED_AT + 8_000);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree(queue), { onRecoverableError: (error) => recoverable.push(error) });
    });
    try {
      expect(recoverable).toEqual([]);
      expect(await screen.findByText('대기 8초')).toBeTruthy();
      expect(screen.getByText('목록에서 상담을 선택하세요.')).toBeTruthy();
      expect(screen.getByText('진행 중인 상담이 없습니다.')).toBeTruthy();
    } finally {
      // testing-library's cleanup unmounts only what it rendered: a root of our own left mounted keeps its live hooks
      // (the queue's pushes) for the files after this one sharing the window (ADR 030).
      act(() => root?.unmount());
      container.remove();
    }
  });
});
