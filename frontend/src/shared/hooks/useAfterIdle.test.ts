import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, useAfterIdle } from './useAfterIdle';

/** Idle work waits for a server-rendered page's own chunks (e2e/firstScreen: none of its chunks is requested beside them). */
describe('useAfterIdle', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('pm-route-chunks')?.remove();
    delete document.documentElement.dataset.pageReady;
  });
  const serverRendered = () => {
    const list = document.createElement('script');
    list.id = 'pm-route-chunks';
    list.type = 'application/json';
    list.textContent = '[]';
    document.head.append(list);
  };
  const settle = async (ms: number) => { await act(async () => { await vi.advanceTimersByTimeAsync(ms); }); };

  it('a page the client rendered: at the next idle moment', async () => {
    const { result } = renderHook(() => useAfterIdle());
    expect(result.current).toBe(false);
    await settle(5);
    expect(result.current).toBe(true);
  });

  it('a server-rendered page: not while its own chunks load, then at the next idle moment once it is ready', async () => {
    serverRendered();
    const { result } = renderHook(() => useAfterIdle());
    await settle(IDLE_TIMEOUT_MS / 2);
    expect(result.current).toBe(false);
    await act(async () => { document.documentElement.dataset.pageReady = '/'; await Promise.resolve(); });
    await settle(5);
    expect(result.current).toBe(true);
  });

  it('a server-rendered page that never marks itself ready still gets its idle work after the longest wait', async () => {
    serverRendered();
    const { result } = renderHook(() => useAfterIdle());
    await settle(IDLE_TIMEOUT_MS + 5);
    expect(result.current).toBe(true);
  });
});
