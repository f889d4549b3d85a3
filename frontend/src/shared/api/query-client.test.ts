import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/render';
import { createQueryClient, getQueryFn, STALE_TIME_MS } from './query-client';

describe('query client defaults', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs queryKey[0] with queryKey[1] as params', async () => {
    const { requests } = stubFetch(() => json({ products: [], total: 0 }));
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: ['/api/products', { sort: 'new', limit: 5 }] });
    expect(data).toEqual({ products: [], total: 0 });
    expect(requests[0]?.url).toBe('/api/products?sort=new&limit=5');
    expect(requests[0]?.method).toBe('GET');
  });

  it('has the spec options: 5 min fresh, no retries, no refetch on focus', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(300_000);
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('throws on 401 by default, or returns null when asked', async () => {
    stubFetch(() => json({ message: 'Unauthorized' }, { status: 401 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/cart'] })).rejects.toThrow('401: Unauthorized');
    await expect(
      client.fetchQuery({ queryKey: ['/api/auth/me', undefined, 'x'], queryFn: getQueryFn({ on401: 'returnNull' }) }),
    ).resolves.toBeNull();
  });
});
