import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/render';
import { ApiError, LAGGING_HEADER, LAGGING_RETRIES, apiFetch, buildUrl, getMinPosition, notePosition, orNotFound, resetApiClientState } from './client';

describe('apiFetch', () => {
  beforeEach(() => resetApiClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('turns a JSON error answer into `${status}: ${message}`', async () => {
    stubFetch(() => json({ message: 'Product not found' }, { status: 404, statusText: 'Not Found' }));
    const error = await apiFetch('/api/products/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Product not found');
    expect((error as ApiError).status).toBe(404);
  });

  it('orNotFound: a 404 is the answer null, any other failure stays an error', async () => {
    stubFetch(() => json({ message: 'Model not found' }, { status: 404 }));
    expect(await orNotFound(apiFetch('/api/models/x'))).toBeNull();
    stubFetch(() => json({ id: 'x' }));
    expect(await orNotFound(apiFetch('/api/models/x'))).toEqual({ id: 'x' });
    stubFetch(() => json({ message: '잠시 후 다시 시도해주세요.' }, { status: 503 }));
    await expect(orNotFound(apiFetch('/api/models/x'))).rejects.toThrow('503: 잠시 후 다시 시도해주세요.');
  });

  it('uses the raw text, then the status text, when there is no JSON message', async () => {
    stubFetch(() => new Response('Bad gateway upstream', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/x')).rejects.toThrow('502: Bad gateway upstream');
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiFetch('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps field errors of a 400', async () => {
    stubFetch(() =>
      json({ message: 'Invalid input', errors: { email: ['이메일 형식이 아닙니다'], password: '너무 짧습니다' } }, { status: 400 }),
    );
    const error = (await apiFetch('/api/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('400: Invalid input');
    expect(error.errors).toEqual({ email: '이메일 형식이 아닙니다', password: '너무 짧습니다' });
  });

  it('sends cookies and JSON content-type only with a body', async () => {
    const { requests } = stubFetch(() => json({ ok: true }));
    const fetchSpy = vi.mocked(fetch);
    await apiFetch('/api/a');
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('same-origin');

    await apiFetch('/api/b', { method: 'POST', body: { a: 1 } });
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toEqual({ a: 1 });
  });

  it('sends X-Min-Position on GETs after a command answered a position (highest wins)', async () => {
    let answer: unknown = [];
    const { requests } = stubFetch(() => json(answer));
    await apiFetch('/api/products');
    expect(requests[0]?.headers.get('X-Min-Position')).toBeNull();

    answer = { id: 'a1', position: '42' };
    await apiFetch('/api/wishlist', { method: 'POST', body: { productId: 'p1' } });
    expect(requests[1]?.headers.get('X-Min-Position')).toBeNull();

    answer = { id: 'a0', position: '7' };
    await apiFetch('/api/other', { method: 'POST', body: {} });
    expect(getMinPosition()).toBe('42');

    answer = [];
    await apiFetch('/api/products');
    expect(requests[3]?.headers.get('X-Min-Position')).toBe('42');

    expect(sessionStorage.getItem('phonemarket:minPosition')).toBe('42');

    answer = { id: 'a2', position: '18446744073709551617' };
    await apiFetch('/api/x', { method: 'PATCH', body: {} });
    expect(getMinPosition()).toBe('18446744073709551617');
  });

  it('asks again while the answer says its projection lagged behind our write (X-Projection-Lagging), then takes the fresh one', async () => {
    // The seller's 개통 완료 (orderLife e2e): the refetch after the command came back before the projector had the
    // change, and no push follows one's own change, so the card stayed at 개통 준비 until a reload.
    const answers = [
      json({ status: 'activating' }, { headers: { [LAGGING_HEADER]: 'true' } }),
      json({ status: 'activating' }, { headers: { [LAGGING_HEADER]: 'true' } }),
      json({ status: 'activated' }),
    ];
    const { requests } = stubFetch(() => answers.shift() ?? json({ status: 'unexpected' }));
    notePosition('9');
    expect(await apiFetch('/api/seller/orders')).toEqual({ status: 'activated' });
    expect(requests.map((r) => r.headers.get('X-Min-Position'))).toEqual(['9', '9', '9']);
  });

  it('takes a lagging answer after a bounded number of tries, and never asks again without a write to wait for', async () => {
    const { requests } = stubFetch(() => json({ status: 'activating' }, { headers: { [LAGGING_HEADER]: 'true' } }));
    expect(await apiFetch('/api/seller/orders')).toEqual({ status: 'activating' });
    expect(requests).toHaveLength(1);
    notePosition('9');
    const again = stubFetch(() => json({ status: 'activating' }, { headers: { [LAGGING_HEADER]: 'true' } }));
    expect(await apiFetch('/api/seller/orders')).toEqual({ status: 'activating' });
    expect(again.requests).toHaveLength(1 + LAGGING_RETRIES);
  });

  it('validates the answer with a schema when given', async () => {
    stubFetch(() => json({ count: 'three' }));
    const schema = {
      safeParse: (data: unknown) =>
        typeof data === 'object' && data !== null && typeof (data as { count: unknown }).count === 'number'
          ? { success: true as const, data: data as { count: number } }
          : { success: false as const, error: new Error('bad') },
    };
    await expect(apiFetch('/api/cart', { schema })).rejects.toThrow('Unexpected response from /api/cart');
  });

  it('validates with a schema it loads on first use', async () => {
    const schema = {
      safeParse: (data: unknown) =>
        typeof data === 'object' && data !== null && typeof (data as { count: unknown }).count === 'number'
          ? { success: true as const, data: { count: (data as { count: number }).count * 2 } }
          : { success: false as const, error: new Error('bad') },
    };
    let loads = 0;
    const load = () => { loads += 1; return Promise.resolve(schema); };
    stubFetch(() => json({ count: 'three' }));
    await expect(apiFetch('/api/cart', { schema: load })).rejects.toThrow('Unexpected response from /api/cart');
    stubFetch(() => json({ count: 3 }));
    await expect(apiFetch('/api/cart', { schema: load })).resolves.toEqual({ count: 6 });
    expect(loads).toBe(2);
  });

  it('returns undefined for 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('builds querystrings, skipping empty values', () => {
    expect(buildUrl('/api/search', { q: '갤럭시 S24', page: 1, brand: undefined, carrier: '' })).toBe(
      '/api/search?q=%EA%B0%A4%EB%9F%AD%EC%8B%9C+S24&page=1',
    );
    expect(buildUrl('/api/x')).toBe('/api/x');
  });
});
