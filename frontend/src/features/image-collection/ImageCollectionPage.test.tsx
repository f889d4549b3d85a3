import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel, ImageBatch } from '@phonemarket/contracts/channels.ts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import ImageCollectionPage, { processingSummary, sizeLabel } from './ImageCollectionPage';

afterEach(() => vi.unstubAllGlobals());

const admin = { user: { id: 'admin-1', email: 'admin@demo.kr', firstName: '관리', lastName: '데모', role: 'admin' } };
const channel: Channel = {
  channelId: 'kt-policy', channelName: 'KT 정책방', description: null, webhookUrl: '/api/channels/kt-policy/webhook', isActive: true, autoProcessImages: true,
  allowedImageTypes: ['image/png'], totalBatches: 1, lastActivity: '2026-11-26T01:00:00.000Z', createdAt: '2026-11-25T01:00:00.000Z', updatedAt: '2026-11-25T01:00:00.000Z',
  history: [{ at: '2026-11-25T01:00:00.000Z', change: 'registered', actor: { userId: 'admin-1', role: 'admin' }, isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'] }],
};
const batch: ImageBatch = {
  id: 'b1', channelId: 'kt-policy', channelName: 'KT 정책방', deliveryId: 'msg-1', userId: null, message: '11/26 KT 정책', source: 'webhook',
  images: [{ imageId: 'b1-1', url: '/images/channels/b1-1.webp', sourceUrl: null, contentType: 'image/png', bytes: 100, width: 40, height: 30 }],
  imageCount: 1, status: 'QUEUED', processedAt: null, processedBy: null, processingResult: null, note: null,
  history: [{ at: '2026-11-26T01:00:00.000Z', status: 'QUEUED', actor: { userId: null, role: 'guest' }, note: '11/26 KT 정책' }],
  createdAt: '2026-11-26T01:00:00.000Z', updatedAt: '2026-11-26T01:00:00.000Z',
};

const processingResult = { imageCount: 1, linkCount: 1, totalBytes: 1_572_864, maxWidth: 1080, maxHeight: 1920, contentTypes: ['image/jpeg', 'image/png'] };
const processed = (processedBy: string): ImageBatch => ({
  ...batch, status: 'REVIEWING', processedAt: '2026-11-26T01:00:05.000Z', processedBy, processingResult,
  history: [...batch.history, { at: '2026-11-26T01:00:05.000Z', status: 'REVIEWING', actor: { userId: null, role: 'guest' }, note: null }],
});

function serve(onCommand: (req: RecordedRequest) => Response = () => json({ id: 'b1', position: '9' }), batches: ImageBatch[] = [batch], channels: Channel[] = [channel]) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(admin);
    if (req.method !== 'GET') return onCommand(req);
    if (req.url === '/api/admin/channels') return json({ channels });
    if (req.url.startsWith('/api/admin/image-batches')) return json({ batches, counters: { collectedToday: 3, awaitingReview: 2, approved: 5, activeChannels: 1 } });
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

  it('처리 시작 (a batch that waits: auto processing off) and 반려 (with its reason) send the status; 반려 waits for a reason', async () => {
    const { requests } = serve();
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const card = await screen.findByTestId('image-batch');
    expect(within(card).queryByTestId('batch-processing')).toBeNull();
    const start = within(card).getByTestId('batch-review');
    expect(start.textContent).toBe('처리 시작');
    fireEvent.click(start);
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

  it('a channel shows 자동 처리 켜짐/꺼짐; the switch sends the setting; 형식 변경 sends the allowed types; its history lists each change', async () => {
    const { requests } = serve(() => json({ id: 'kt-policy', position: '4', changed: true }));
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const row = await screen.findByTestId('channel-row');
    expect(within(row).getByTestId('channel-auto-label').textContent).toBe('자동 처리 켜짐');
    fireEvent.click(within(row).getByLabelText('KT 정책방 이미지 자동 처리'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/admin/channels/kt-policy/settings', body: { autoProcessImages: false } }));

    fireEvent.click(within(row).getByTestId('channel-types-edit'));
    fireEvent.click(within(row).getByLabelText('PNG'));
    fireEvent.click(within(row).getByTestId('channel-types-save'));
    expect(await within(row).findByText('허용할 이미지 형식을 하나 이상 고르세요.')).toBeTruthy();
    fireEvent.click(within(row).getByLabelText('JPEG'));
    fireEvent.click(within(row).getByTestId('channel-types-save'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT').at(-1)).toMatchObject({ url: '/api/admin/channels/kt-policy/settings', body: { allowedImageTypes: ['image/jpeg'] } }));

    fireEvent.click(within(row).getByRole('button', { name: '이력 보기 (1)' }));
    expect(within(row).getByTestId('channel-history').textContent).toContain('등록 · 활성 · 자동 처리 켜짐 · PNG');
  });

  it('a channel with auto processing off reads 꺼짐, and the switch turns it on', async () => {
    const { requests } = serve(() => json({ id: 'kt-policy', position: '4', changed: true }), [batch], [{ ...channel, autoProcessImages: false }]);
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const row = await screen.findByTestId('channel-row');
    expect(within(row).getByTestId('channel-auto-label').textContent).toBe('자동 처리 꺼짐');
    fireEvent.click(within(row).getByLabelText('KT 정책방 이미지 자동 처리'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ body: { autoProcessImages: true } }));
  });

  it('a processed batch: 자동 처리됨 (the system) or the admin, when, and what it found in Korean; no 처리 시작', async () => {
    serve(undefined, [processed('system'), { ...processed('admin-1'), id: 'b2' }, { ...processed('admin-9'), id: 'b3' }]);
    renderWithProviders(<ImageCollectionPage />, { route: '/admin-image-collection' });
    const [bySystem, byMe, byOther] = await screen.findAllByTestId('image-batch');
    const box = within(bySystem!).getByTestId('batch-processing');
    expect(box.textContent).toContain('자동 처리됨');
    expect(within(box).getByTestId('batch-processing-summary').textContent).toBe('이미지 1장 · 링크 1개 · 용량 1.5MB · 최대 1080×1920 · JPEG, PNG');
    expect(within(bySystem!).queryByTestId('batch-review')).toBeNull();
    expect(within(byMe!).getByTestId('batch-processing').textContent).toContain('관리자 처리');
    expect(within(byMe!).getByTestId('batch-processing').textContent).toContain('내가 처리');
    expect(within(byOther!).getByTestId('batch-processing').textContent).toContain('처리자 admin-9');
    fireEvent.click(within(bySystem!).getByRole('button', { name: '이력 보기 (2)' }));
    expect(within(bySystem!).getByTestId('batch-history').textContent).toContain('검토중 · 자동 처리');
  });

  it('sizes and the summary read in Korean units', () => {
    expect(sizeLabel(512)).toBe('512B');
    expect(sizeLabel(20_480)).toBe('20KB');
    expect(sizeLabel(1_536)).toBe('1.5KB');
    expect(processingSummary({ imageCount: 0, linkCount: 2, totalBytes: 0, maxWidth: null, maxHeight: null, contentTypes: [] })).toBe('이미지 0장 · 링크 2개 · 용량 0B');
  });
});
