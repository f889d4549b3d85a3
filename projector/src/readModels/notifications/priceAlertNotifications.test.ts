import { describe, expect, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification } from '../../testing/projectionSpecification.ts';
import { phoneModelDefined } from '../../testing/sampleEvents.ts';
import { notificationsReadModel } from './notificationsReadModel.ts';

/** Issue 42: a delivered firing and 재입고 알림 reach the bell; a firing over the day's cap does not. */
const given = ProjectionSpecification.for(notificationsReadModel);
const series = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };

describe('price alert notifications', () => {
  it('재입고 알림: one per waiting buyer, in the order they asked', async () => {
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25')])
      .when({ type: 'RestockAlertsSent', stream: streams.restockAlerts('offer:o-1'), data: { userIds: ['u-2', 'u-1', 'u-3'], modelId: 'galaxy-s25', offerId: 'o-1' } })
      .then(({ pushed }) => {
        expect(pushed.map((p) => p.room)).toEqual(['user:u-2', 'user:u-1', 'user:u-3']);
        for (const p of pushed) expect(p.payload).toMatchObject({ notification: { title: '재입고 알림', message: '갤럭시 S25 재고가 들어왔습니다. 품절되기 전에 확인해보세요.', link: '/product/galaxy-s25?offer=o-1' } });
      });
  });

  it('a delivered firing names the model, the series and the 24개월 실부담 and links to the offer; an undelivered one is silent', async () => {
    const fired = (delivered: boolean) => ({
      type: 'PriceAlertFired' as const, stream: streams.priceAlerts('u-1'), data: { alertId: 'a-1', ...series, offerId: 'o-9', total: 2_500_000, delivered },
    });
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25')]).when(fired(true)).then(({ pushed }) => {
      expect(pushed).toHaveLength(1);
      expect(pushed[0]).toMatchObject({ room: 'user:u-1', payload: { notification: { title: '가격 알림: 목표가에 도달했습니다', message: '갤럭시 S25 256GB SKT 번호이동 24개월 실부담 2,500,000원', link: '/product/galaxy-s25?offer=o-9' } } });
    });
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25')]).when(fired(false)).then(({ pushed }) => expect(pushed).toEqual([]));
  });
});
