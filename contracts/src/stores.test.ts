import { describe, expect, it } from 'vitest';
import { STORE_MESSAGES, formatBusinessHours, formatMailOrderNumber, formatResponseTime, isMailOrderNumber, storeRequestSchema, type StoreFormInput } from './stores.ts';

const form: StoreFormInput = {
  name: ' 민준폰 ', description: '', logoImageId: null, bannerImageId: '', theme: 'blue',
  businessHours: { weekdays: { closed: false, open: '10:00', close: '19:00' }, saturday: { closed: true, open: '', close: '' }, sunday: { closed: true, open: '09:00', close: '08:00' }, note: ' 점심시간 12:00~13:00 ' },
  companyName: '민준폰', representative: '김민준', businessNumber: '2208162517', mailOrderNumber: '2024-서울강남-01234', address: '', phone: '0212345678', email: 'kim@example.kr',
};

describe('the store form (PUT /api/seller/store)', () => {
  it('makes the stored shape of the form: trimmed, empty is null, numbers normalised, a 휴무 day null', () => {
    expect(storeRequestSchema.parse(form)).toEqual({
      name: '민준폰', description: null, logoImageId: null, bannerImageId: null, theme: 'blue',
      businessHours: { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: '점심시간 12:00~13:00' },
      companyName: '민준폰', representative: '김민준', businessNumber: '220-81-62517', mailOrderNumber: '제2024-서울강남-01234호', address: null, phone: '02-1234-5678', email: 'kim@example.kr',
    });
  });

  it('accepts its own output again unchanged (the form sends the output, the route parses it with the same schema)', () => {
    const once = storeRequestSchema.parse(form);
    expect(storeRequestSchema.parse(once)).toEqual(once);
  });

  it('refuses a day that closes before it opens or a time not HH:MM, on that field', () => {
    const result = storeRequestSchema.safeParse({ ...form, businessHours: { ...form.businessHours, weekdays: { closed: false, open: '19:00', close: '10:00' }, saturday: { open: '9시', close: '18:00' } } });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({ 'businessHours.weekdays.close': STORE_MESSAGES.closeAfterOpen, 'businessHours.saturday.open': STORE_MESSAGES.time });
  });

  it('reads a 통신판매업 신고번호 with or without 제/호 and shows it with them', () => {
    expect(isMailOrderNumber('제2024-서울강남-01234호')).toBe(true);
    expect(isMailOrderNumber('2024-서울강남-01234')).toBe(true);
    expect(isMailOrderNumber('신고했음')).toBe(false);
    expect(formatMailOrderNumber('제 2024-서울강남-01234 호')).toBe('제2024-서울강남-01234호');
  });

  it('writes hours and response times in Korean', () => {
    expect(formatBusinessHours(null)).toBe('미등록');
    expect(formatBusinessHours({ weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null })).toBe('평일 (월~금) 10:00~19:00 · 토요일 휴무 · 일요일·공휴일 휴무');
    expect([null, 0, 42, 60, 95, 1440, 1500].map(formatResponseTime)).toEqual(['기록 없음', '0분', '42분', '1시간', '1시간 35분', '1일', '1일 1시간']);
  });
});
