import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { CHANNELS, CHANNEL_IMAGES, IMAGE_BATCHES, channelsReadModel } from './channelsReadModel.ts';

const given = ProjectionSpecification.for(channelsReadModel);
const admin = { userId: 'admin-1', role: 'admin' as const };
const registered = {
  type: 'ChannelRegistered' as const, actor: admin,
  data: { channelId: 'kt', channelName: 'KT 정책방', description: null, isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'], keySalt: 'salt-salt-salt-salt', apiKeyHash: 'a'.repeat(64) },
};
const queued = {
  type: 'ImageBatchQueued' as const,
  data: {
    batchId: 'b1', channelId: 'kt', deliveryId: 'd-1', userId: null, message: '오늘 정책', source: 'webhook',
    images: [
      { imageId: 'b1-1', contentType: 'image/png', bytes: 10, width: 2, height: 3, data: 'UklGRg==', sourceUrl: null },
      { imageId: 'b1-2', contentType: null, bytes: null, width: null, height: null, data: null, sourceUrl: 'https://example.kr/p.png' },
    ],
    autoProcess: true,
  },
};
const processingResult = { imageCount: 1, linkCount: 1, totalBytes: 10, maxWidth: 2, maxHeight: 3, contentTypes: ['image/png'] };

describe('channels read model', () => {
  it('tells the admins of every channel and batch change, so the 이미지 수집 counters (활성 채널) follow live (issue 39)', async () => {
    const counters = { topic: 'imageCollectionChanged' as const, room: 'admins', payload: { channelId: 'kt' } };
    await given([]).when([registered, { type: 'ChannelActiveChanged', actor: admin, data: { channelId: 'kt', isActive: false } }])
      .then(expectPushes([counters, counters]));
  });

  it('a channel counts its batches and their last time; the key is in no document', async () => {
    await given([registered]).when([queued, { type: 'ChannelActiveChanged', actor: admin, data: { channelId: 'kt', isActive: false } }])
      .then(expectDocuments.fromCollection(CHANNELS).withId('kt').toBeEqual({
        channelId: 'kt', channelName: 'KT 정책방', description: null, webhookUrl: '/api/channels/kt/webhook', isActive: false, autoProcessImages: true,
        allowedImageTypes: ['image/png'], totalBatches: 1, lastActivity: '2026-11-20T10:02:00.000Z', createdAt: '2026-11-20T10:01:00.000Z', updatedAt: '2026-11-20T10:03:00.000Z',
        history: [
          { at: '2026-11-20T10:01:00.000Z', change: 'registered', actor: admin, isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'] },
          { at: '2026-11-20T10:03:00.000Z', change: 'active', actor: admin, isActive: false, autoProcessImages: true, allowedImageTypes: ['image/png'] },
        ],
      }));
  });

  it('a changed setting shows on the channel and in its history', async () => {
    await given([registered]).when([{ type: 'ChannelSettingsChanged', actor: admin, data: { channelId: 'kt', autoProcessImages: false, allowedImageTypes: ['image/png', 'image/jpeg'] } }])
      .then(expectDocuments.fromCollection(CHANNELS).withId('kt').toMatch({
        autoProcessImages: false, allowedImageTypes: ['image/png', 'image/jpeg'], isActive: true, updatedAt: '2026-11-20T10:02:00.000Z',
        history: [
          { at: '2026-11-20T10:01:00.000Z', change: 'registered', actor: admin, isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'] },
          { at: '2026-11-20T10:02:00.000Z', change: 'settings', actor: admin, isActive: true, autoProcessImages: false, allowedImageTypes: ['image/png', 'image/jpeg'] },
        ],
      }));
  });

  it('processed by the system: REVIEWING with who, when and what it found; a later decision keeps the processing', async () => {
    const guest = { userId: null, role: 'guest' as const };
    await given([registered, queued]).when([
      { type: 'ImageBatchProcessed', actor: guest, data: { batchId: 'b1', processedBy: 'system', processingResult, note: null } },
    ]).then(expectDocuments.fromCollection(IMAGE_BATCHES).withId('b1').toMatch({
      status: 'REVIEWING', processedAt: '2026-11-20T10:03:00.000Z', processedBy: 'system', processingResult,
      history: [
        { at: '2026-11-20T10:02:00.000Z', status: 'QUEUED', actor: guest, note: '오늘 정책' },
        { at: '2026-11-20T10:03:00.000Z', status: 'REVIEWING', actor: guest, note: null },
      ],
    }));
    await given([registered, queued, { type: 'ImageBatchProcessed', actor: admin, data: { batchId: 'b1', processedBy: 'admin-1', processingResult, note: '확인 중' } }]).when([
      { type: 'ImageBatchRejected', actor: { userId: 'admin-2', role: 'admin' }, data: { batchId: 'b1', note: '흐림' } },
    ]).then(expectDocuments.fromCollection(IMAGE_BATCHES).withId('b1').toMatch({
      status: 'REJECTED', processedAt: '2026-11-20T10:03:00.000Z', processedBy: 'admin-1', processingResult, note: '흐림',
    }));
  });

  it('a batch: its images (a copy or the link), each status change in its history; the copies are files of their own', async () => {
    await given([registered, queued]).when([
      { type: 'ImageBatchReviewStarted', actor: admin, data: { batchId: 'b1', note: null } },
      { type: 'ImageBatchApproved', actor: admin, data: { batchId: 'b1', note: '확인 완료' } },
    ]).then(
      expectDocuments.fromCollection(IMAGE_BATCHES).withId('b1').toMatch({
        status: 'APPROVED', imageCount: 2, processedAt: '2026-11-20T10:04:00.000Z', processedBy: 'admin-1', processingResult: null, note: '확인 완료',
        images: [
          { imageId: 'b1-1', url: '/images/channels/b1-1.webp', sourceUrl: null, contentType: 'image/png', bytes: 10, width: 2, height: 3 },
          { imageId: 'b1-2', url: null, sourceUrl: 'https://example.kr/p.png', contentType: null, bytes: null, width: null, height: null },
        ],
        history: [
          { at: '2026-11-20T10:02:00.000Z', status: 'QUEUED', actor: { userId: null, role: 'guest' }, note: '오늘 정책' },
          { at: '2026-11-20T10:03:00.000Z', status: 'REVIEWING', actor: admin, note: null },
          { at: '2026-11-20T10:04:00.000Z', status: 'APPROVED', actor: admin, note: '확인 완료' },
        ],
      }),
      expectDocuments.fromCollection(CHANNEL_IMAGES).withId('b1-1').toBeEqual({ batchId: 'b1', contentType: 'image/webp', data: 'UklGRg==' }),
      expectDocuments.fromCollection(CHANNEL_IMAGES).withId('b1-2').notToExist(),
    );
  });
});
