import { describe, expect, it } from 'vitest';
import { ACTIVATION_MESSAGES } from '@phonemarket/contracts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { activationOf } from './activation.ts';

/** The 개통 check checkout and a quote's accept share (issue 39: 번호이동 to the carrier the number is with). */
const buyer = { firstName: '민수', lastName: '김' };
const input = {
  holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: false, currentNumber: '010-2222-3333', sim: 'usim' as const, activation: 'delivery' as const,
};
const NOW = new Date('2026-11-20T01:00:00.000Z');
const line = (carrier: string, joinType: string) => ({ planId: `${carrier}-5g`, carrier, joinType });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof DomainError ? { message: err.message, fields: err.errors } : err;
  }
  return null;
};

describe('activationOf: 번호이동 from the same carrier', () => {
  it('is refused on currentCarrier, suggesting 기기변경', () => {
    for (const carrier of ['SKT', 'KT', 'LG U+'] as const) {
      expect(refusal(() => activationOf({ ...input, currentCarrier: carrier }, [line(carrier, '번호이동')], buyer, NOW))).toEqual({
        message: `개통 정보를 확인해주세요. ${ACTIVATION_MESSAGES.samePort(carrier)}`,
        fields: { currentCarrier: ACTIVATION_MESSAGES.samePort(carrier) },
      });
    }
    expect(ACTIVATION_MESSAGES.samePort('SKT')).toContain('기기변경');
  });
  it('from another carrier or an 알뜰폰 it is accepted; a 기기변경 line never asks', () => {
    expect(activationOf({ ...input, currentCarrier: 'KT' }, [line('SKT', '번호이동')], buyer, NOW)).toMatchObject({ currentCarrier: 'KT' });
    expect(activationOf({ ...input, currentCarrier: '알뜰폰' }, [line('SKT', '번호이동')], buyer, NOW)).toMatchObject({ currentCarrier: '알뜰폰' });
    expect(activationOf({ ...input, currentCarrier: 'SKT' }, [line('SKT', '기기변경')], buyer, NOW)).toMatchObject({ currentCarrier: null });
  });
});
