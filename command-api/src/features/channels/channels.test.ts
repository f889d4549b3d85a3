import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { channelDecider } from './channel.ts';
import { apiKeyHash, channelApiKey, signatureMatches, webhookSignature } from './channelKey.ts';
import { imageBatchDecider } from './imageBatch.ts';

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
});

const queued = {
  type: 'ImageBatchQueued' as const,
  data: {
    batchId: 'b1', channelId: 'kt-daeri', deliveryId: 'd-1', userId: null, message: '오늘 정책', source: 'webhook',
    images: [{ imageId: 'b1-1', contentType: 'image/png', bytes: 10, width: 1, height: 1, data: 'AAAA', sourceUrl: null }],
  },
};

describe('image batch (given/when/then)', () => {
  const given = DeciderSpecification.for(imageBatchDecider);
  const { type: _type, ...queueData } = queued;
  it('a delivery is queued once: the same delivery again writes nothing', () => {
    given([]).when({ type: 'QueueImageBatch', ...queueData.data }).then([queued]);
    given([queued]).when({ type: 'QueueImageBatch', ...queueData.data }).thenNothing();
  });
  it('QUEUED → REVIEWING → APPROVED | REJECTED, a reason to reject, nothing after a decision', () => {
    const reviewing = { type: 'ImageBatchReviewStarted' as const, data: { batchId: 'b1', note: null } };
    given([queued]).when({ type: 'StartImageBatchReview', note: null }).then([reviewing]);
    given([queued, reviewing]).when({ type: 'ApproveImageBatch', note: '확인' }).then([{ type: 'ImageBatchApproved', data: { batchId: 'b1', note: '확인' } }]);
    given([queued, reviewing]).when({ type: 'RejectImageBatch', note: '흐림' }).then([{ type: 'ImageBatchRejected', data: { batchId: 'b1', note: '흐림' } }]);
    given([queued]).when({ type: 'RejectImageBatch', note: null }).thenThrows('반려 사유를 입력해주세요.');
    given([queued, reviewing]).when({ type: 'StartImageBatchReview', note: null }).thenNothing();
    const approved = { type: 'ImageBatchApproved' as const, data: { batchId: 'b1', note: null } };
    given([queued, approved]).when({ type: 'RejectImageBatch', note: '늦게' }).thenThrows('지금 상태에서는 할 수 없는 처리입니다.');
    given([queued, approved]).when({ type: 'StartImageBatchReview', note: null }).thenThrows('지금 상태에서는 할 수 없는 처리입니다.');
    given([]).when({ type: 'ApproveImageBatch', note: null }).thenThrows('이미지 묶음을 찾을 수 없습니다.');
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
