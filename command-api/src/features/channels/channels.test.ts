import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { channelDecider } from './channel.ts';
import { apiKeyHash, channelApiKey, signatureMatches, webhookSignature } from './channelKey.ts';
import { imageBatchDecider, processingResultOf } from './imageBatch.ts';
import { imageBatchProcess } from './imageBatchProcess.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';

const registration = {
  channelId: 'kt-daeri', channelName: 'KT 대리점 정책방', description: null, isActive: true, autoProcessImages: true,
  allowedImageTypes: ['image/png'], keySalt: 'salt-salt-salt-salt-1', apiKeyHash: 'a'.repeat(64),
};
const registered = { type: 'ChannelRegistered' as const, data: registration };

describe('channel (given/when/then)', () => {
  const given = DeciderSpecification.for(channelDecider);
  it('registers once; the same id again is 409', () => {
    given([]).when({ type: 'RegisterChannel', ...registration }).then([registered]);
    given([registered]).when({ type: 'RegisterChannel', ...registration }).thenThrows('이미 등록된 채널 ID입니다.');
  });
  it('turns on and off; the state it is in writes nothing; an unknown channel is not found', () => {
    given([registered]).when({ type: 'SetChannelActive', isActive: false }).then([{ type: 'ChannelActiveChanged', data: { channelId: 'kt-daeri', isActive: false } }]);
    given([registered]).when({ type: 'SetChannelActive', isActive: true }).thenNothing();
    given([]).when({ type: 'SetChannelActive', isActive: true }).thenThrows('채널을 찾을 수 없습니다.');
  });
  it('settings: auto processing and the allowed types change (both recorded as they now are); the same settings write nothing', () => {
    given([registered]).when({ type: 'ChangeChannelSettings', autoProcessImages: false }).then([
      { type: 'ChannelSettingsChanged', data: { channelId: 'kt-daeri', autoProcessImages: false, allowedImageTypes: ['image/png'] } },
    ]);
    given([registered]).when({ type: 'ChangeChannelSettings', allowedImageTypes: ['image/png', 'image/jpeg', 'image/png'] }).then([
      { type: 'ChannelSettingsChanged', data: { channelId: 'kt-daeri', autoProcessImages: true, allowedImageTypes: ['image/png', 'image/jpeg'] } },
    ]);
    const changed = { type: 'ChannelSettingsChanged' as const, data: { channelId: 'kt-daeri', autoProcessImages: false, allowedImageTypes: ['image/jpeg'] } };
    given([registered, changed]).when({ type: 'ChangeChannelSettings', autoProcessImages: false, allowedImageTypes: ['image/jpeg'] }).thenNothing();
    given([registered, changed]).when({ type: 'SetChannelActive', isActive: false }).thenState((s) => {
      expect(s).toMatchObject({ autoProcessImages: false, allowedImageTypes: ['image/jpeg'], isActive: false });
    });
    given([registered]).when({ type: 'ChangeChannelSettings', autoProcessImages: true }).thenNothing();
    given([registered]).when({ type: 'ChangeChannelSettings', allowedImageTypes: [] }).thenThrows('허용할 이미지 형식을 하나 이상 고르세요.');
    given([]).when({ type: 'ChangeChannelSettings', autoProcessImages: false }).thenThrows('채널을 찾을 수 없습니다.');
  });
});

const queued = {
  type: 'ImageBatchQueued' as const,
  data: {
    batchId: 'b1', channelId: 'kt-daeri', deliveryId: 'd-1', userId: null, message: '오늘 정책', source: 'webhook',
    images: [
      { imageId: 'b1-1', contentType: 'image/png', bytes: 10, width: 1, height: 1, data: 'AAAA', sourceUrl: null },
      { imageId: 'b1-2', contentType: 'image/jpeg', bytes: 2_000, width: 800, height: 600, data: 'BBBB', sourceUrl: null },
      { imageId: 'b1-3', contentType: null, bytes: null, width: null, height: null, data: null, sourceUrl: 'https://example.kr/p.png' },
    ],
    autoProcess: false,
  },
};
const result = { imageCount: 2, linkCount: 1, totalBytes: 2_010, maxWidth: 800, maxHeight: 600, contentTypes: ['image/jpeg', 'image/png'] };

describe('image batch (given/when/then)', () => {
  const given = DeciderSpecification.for(imageBatchDecider);
  const { type: _type, ...queueData } = queued;
  it('a delivery is queued once: the same delivery again writes nothing', () => {
    given([]).when({ type: 'QueueImageBatch', ...queueData.data }).then([queued]);
    given([queued]).when({ type: 'QueueImageBatch', ...queueData.data }).thenNothing();
  });
  it('processing (QUEUED → REVIEWING) records what the batch\'s own images are and who processed it; processed or decided already, nothing', () => {
    given([queued]).when({ type: 'ProcessImageBatch', processedBy: 'system', note: null }).then([
      { type: 'ImageBatchProcessed', data: { batchId: 'b1', processedBy: 'system', processingResult: result, note: null } },
    ]);
    given([queued]).when({ type: 'ProcessImageBatch', processedBy: 'admin-1', note: '확인 중' }).then([
      { type: 'ImageBatchProcessed', data: { batchId: 'b1', processedBy: 'admin-1', processingResult: result, note: '확인 중' } },
    ]);
    const processed = { type: 'ImageBatchProcessed' as const, data: { batchId: 'b1', processedBy: 'system', processingResult: result, note: null } };
    given([queued, processed]).when({ type: 'ProcessImageBatch', processedBy: 'admin-1', note: null }).thenNothing();
    given([queued, processed]).when({ type: 'ProcessImageBatch', processedBy: 'system', note: null }).thenState((s) => expect(s.status).toBe('REVIEWING'));
    // A batch reviewed before processing existed (an old log) counts as processed.
    given([queued, { type: 'ImageBatchReviewStarted', data: { batchId: 'b1', note: null } }]).when({ type: 'ProcessImageBatch', processedBy: 'system', note: null }).thenNothing();
    given([queued, { type: 'ImageBatchApproved', data: { batchId: 'b1', note: null } }]).when({ type: 'ProcessImageBatch', processedBy: 'system', note: null }).thenNothing();
    given([]).when({ type: 'ProcessImageBatch', processedBy: 'system', note: null }).thenThrows('이미지 묶음을 찾을 수 없습니다.');
  });
  it('the processing result: only stored copies count as images, links apart, bytes as sent, the largest sides, distinct sorted types', () => {
    expect(processingResultOf([])).toEqual({ imageCount: 0, linkCount: 0, totalBytes: 0, maxWidth: null, maxHeight: null, contentTypes: [] });
    expect(processingResultOf([
      { contentType: 'image/png', bytes: 5, width: 10, height: 300, stored: true, link: false },
      { contentType: 'image/png', bytes: 7, width: 20, height: 3, stored: true, link: false },
    ])).toEqual({ imageCount: 2, linkCount: 0, totalBytes: 12, maxWidth: 20, maxHeight: 300, contentTypes: ['image/png'] });
  });
  it('QUEUED → REVIEWING → APPROVED | REJECTED, a reason to reject, nothing after a decision', () => {
    const reviewing = { type: 'ImageBatchProcessed' as const, data: { batchId: 'b1', processedBy: 'admin-1', processingResult: result, note: null } };
    given([queued, reviewing]).when({ type: 'ApproveImageBatch', note: '확인' }).then([{ type: 'ImageBatchApproved', data: { batchId: 'b1', note: '확인' } }]);
    given([queued, reviewing]).when({ type: 'RejectImageBatch', note: '흐림' }).then([{ type: 'ImageBatchRejected', data: { batchId: 'b1', note: '흐림' } }]);
    given([queued]).when({ type: 'RejectImageBatch', note: null }).thenThrows('반려 사유를 입력해주세요.');
    const approved = { type: 'ImageBatchApproved' as const, data: { batchId: 'b1', note: null } };
    given([queued, approved]).when({ type: 'RejectImageBatch', note: '늦게' }).thenThrows('지금 상태에서는 할 수 없는 처리입니다.');
    given([queued, approved]).when({ type: 'ApproveImageBatch', note: null }).thenNothing();
    given([]).when({ type: 'ApproveImageBatch', note: null }).thenThrows('이미지 묶음을 찾을 수 없습니다.');
  });
});

describe('image batch process (given/when/then)', () => {
  const given = ProcessSpecification.for(imageBatchProcess.definition);
  it('queued by a channel that processes by itself: the system processes it', () => {
    given([]).when({ ...queued, data: { ...queued.data, autoProcess: true } }).then([
      { stream: 'imageBatch-b1', command: { type: 'ProcessImageBatch', processedBy: 'system', note: null } },
    ]);
  });
  it('queued by a channel that does not: nothing (it waits for an admin)', () => {
    given([]).when(queued).thenNothing();
  });
});

describe('channel keys and signatures', () => {
  const secret = 'not-a-secret-only-for-channel-key-tests';
  it('a key comes again from the server secret and the salt; another secret or salt gives another key', () => {
    const key = channelApiKey(secret, 'kt-daeri', 'salt-1');
    expect(key).toMatch(/^pmch_[A-Za-z0-9_-]{43}$/);
    expect(channelApiKey(secret, 'kt-daeri', 'salt-1')).toBe(key);
    expect(channelApiKey(secret, 'kt-daeri', 'salt-2')).not.toBe(key);
    expect(channelApiKey(`${secret}x`, 'kt-daeri', 'salt-1')).not.toBe(key);
    expect(apiKeyHash(key)).toMatch(/^[0-9a-f]{64}$/);
  });
  it('the signature is sha256=<hex HMAC of timestamp + body>, compared in constant time', () => {
    const sig = webhookSignature('key', '1700000000', '{"a":1}');
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureMatches(sig, sig)).toBe(true);
    expect(signatureMatches(sig.toUpperCase().replace('SHA256', 'sha256'), sig)).toBe(true);
    expect(signatureMatches(webhookSignature('key', '1700000001', '{"a":1}'), sig)).toBe(false);
    expect(signatureMatches(undefined, sig)).toBe(false);
    expect(signatureMatches('sha256=00', sig)).toBe(false);
  });
});
