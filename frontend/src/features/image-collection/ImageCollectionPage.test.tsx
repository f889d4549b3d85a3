import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel, ImageBatch } from '@phonemarket/contracts/channels.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ImageCollectionPage from './ImageCollectionPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const channel: Channel = {
  channelId: 'kt-policy', channelName: 'KT 정책방', description: null, webhookUrl: '/api/channels/kt-policy/webhook', isActive: true, autoProcessImages: true,
  allowedImageTypes: ['image/png'], totalBatches: 1, lastActivity: '2026-11-26T01:00:00.000Z', createdAt: '2026-11-25T01:00:00.000Z', updatedAt: '2026-11-25T01:00:00.000Z',
};
const batch: ImageBatch = {
  id: 'b1', channelId: 'kt-policy', channelName: 'KT 정책방', deliveryId: 'msg-1', userId: null, message: '11/26 KT 정책', source: 'webhook',
  images: [{ imageId: 'b1-1', url: '/images/channels/b1-1.webp', sourceUrl: null, contentType: 'image/png', bytes: 100, width: 40, height: 30 }],
  imageCount: 1, status: 'QUEUED', processedAt: null, processedBy: null, note: null,
  history: [{ at: '2026-11-26T01:00:00.000Z', status: 'QUEUED', actor: { userId: null, role: 'guest' }, note: '11/26 KT 정책' }],
  createdAt: '2026-11-26T01:00:00.000Z', updatedAt: '2026-11-26T01:00:00.000Z',
};

function serve(onCommand: (req: RecordedRequest) => Response = () => json({ id: 'b1', position: '9' })) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.method !== 'GET') return onCommand(req);
    if (req.url === '/api/admin/channels') return json({ channels: [channel] });
    if (req.url.startsWith('/api/admin/image-batches')) return json({ batches: [batch], counters: { collectedToday: 3, awaitingReview: 2, approved: 5, activeChannels: 1 } });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('ImageCollectionPage', () => {
  it('a seller reads that only admins may enter, and nothing admin is asked for', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json({ user: { ...admin.user, role: 'seller' } }) : json({ message: '권한 없음' }, { status: 403 })));
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    expect(await screen.findByTestId('admin-forbidden')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/admin'))).toBe(false);
  });

  it('shows the four counters from the server, the channels and the queue; a filter asks the server', async () => {
    const { requests } = serve();
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const counters = await screen.findByTestId('image-counters');
    await waitFor(() => expect(counters.textContent).toContain('오늘 수집3'));
    expect(counters.textContent).toContain('검토 대기2');
    expect(counters.textContent).toContain('승인5');
    expect(counters.textContent).toContain('활성 채널1');
    expect((await screen.findByTestId('channel-row')).textContent).toContain('KT 정책방');
    const card = await screen.findByTestId('image-batch');
    expect(card.textContent).toContain('11/26 KT 정책');
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/images/channels/b1-1.webp');
    fireEvent.change(screen.getByLabelText('상태'), { target: { value: 'APPROVED' } });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/admin/image-batches?status=APPROVED')).toBe(true));
  });

  it('검토 시작 and 반려 (with its reason) send the status; 반려 waits for a reason', async () => {
    const { requests } = serve();
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const card = await screen.findByTestId('image-batch');
    fireEvent.click(within(card).getByTestId('batch-review'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/admin/image-batches/b1/status', body: { status: 'REVIEWING' } }));
    const reject = within(card).getByRole('button', { name: '반려' });
    expect(reject.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(card).getByLabelText('반려 사유'), { target: { value: '사진이 흐립니다' } });
    fireEvent.click(reject);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT').at(-1)).toMatchObject({ body: { status: 'REJECTED', note: '사진이 흐립니다' } }));
  });

  it('registers a channel: Korean errors before sending, then the API key shown once', async () => {
    const { requests } = serve(() => json({ id: 'lg-policy', position: '3', apiKey: 'pmch_example_key_only_for_this_page_test_0001', webhookUrl: '/api/channels/lg-policy/webhook' }, { status: 201 }));
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    fireEvent.click(await screen.findByRole('button', { name: '채널 등록' }));
    fireEvent.change(screen.getByTestId('channel-id'), { target: { value: 'LG 정책' } });
    fireEvent.click(screen.getByTestId('channel-submit'));
    expect(await screen.findByText(/채널 ID는 영문 소문자/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('channel-id'), { target: { value: 'lg-policy' } });
    fireEvent.change(screen.getByTestId('channel-name'), { target: { value: 'LG 정책방' } });
    fireEvent.click(screen.getByTestId('channel-submit'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/admin/channels', body: { channelId: 'lg-policy', channelName: 'LG 정책방', isActive: true, allowedImageTypes: ['image/jpeg', 'image/png', 'image/webp'] },
    }));
    expect((await screen.findByTestId('channel-api-key-value')).textContent).toBe('pmch_example_key_only_for_this_page_test_0001');
  });
});
