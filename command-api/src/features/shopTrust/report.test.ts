import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { NO_LISTING_TO_SUSPEND, NO_SELLER_TO_SUSPEND, REPORT_ALREADY_RESOLVED, REPORT_NOT_FOUND, reportDecider, type ReportCommand } from './report.ts';
import { reportOutcomeProcess } from './reportProcess.ts';

const spec = DeciderSpecification.for(reportDecider);
const offer = { kind: 'offer' as const, id: 'off-1', parentId: null, sellerId: 'shop-1', label: '판매 상품 galaxy 256GB SKT' };
const file: ReportCommand = { type: 'FileReport', reportId: 'r1', reporterId: 'u1', target: offer, reason: 'payback', text: '현금 페이백 약속' };
const filed: DomainEvent = { type: 'ReportFiled', data: { reportId: 'r1', reporterId: 'u1', target: offer, reason: 'payback', text: '현금 페이백 약속' } };
const resolve = (outcome: 'dismissed' | 'warned' | 'listingSuspended' | 'sellerSuspended'): ReportCommand => ({ type: 'ResolveReport', reportId: 'r1', outcome, note: '확인함' });
const resolved = (outcome: 'dismissed' | 'warned' | 'listingSuspended' | 'sellerSuspended', target = offer): DomainEvent => ({
  type: 'ReportResolved', data: { reportId: 'r1', reporterId: 'u1', target, outcome, note: '확인함' },
});

describe('report (given/when/then)', () => {
  it('filed once: a retried filing appends nothing', () => {
    spec([]).when(file).then([filed]);
    spec([filed]).when(file).thenNothing();
  });
  it('resolved once with any outcome, carrying the reporter and the target', () => {
    for (const outcome of ['dismissed', 'warned', 'listingSuspended', 'sellerSuspended'] as const) spec([filed]).when(resolve(outcome)).then([resolved(outcome)]);
    spec([filed, resolved('dismissed')]).when(resolve('warned')).thenThrows(REPORT_ALREADY_RESOLVED);
    spec([]).when(resolve('dismissed')).thenThrows(REPORT_NOT_FOUND);
  });
  it('only an offer has a listing to suspend; a target without a shop cannot warn or suspend one', () => {
    const shop = { ...offer, kind: 'shop' as const };
    spec([{ type: 'ReportFiled', data: { ...filed.data as object, target: shop } } as DomainEvent]).when(resolve('listingSuspended')).thenThrows(NO_LISTING_TO_SUSPEND);
    const noShop = { ...offer, sellerId: null };
    spec([{ type: 'ReportFiled', data: { ...filed.data as object, target: noShop } } as DomainEvent]).when(resolve('sellerSuspended')).thenThrows(NO_SELLER_TO_SUSPEND);
  });
});

describe('report outcome process', () => {
  const process = ProcessSpecification.for(reportOutcomeProcess.definition);
  it('상품 판매 중지 takes the offer off sale; 판매자 정지 suspends the seller; 기각 and 경고 send nothing', () => {
    process([]).when(resolved('listingSuspended') as Extract<DomainEvent, { type: 'ReportResolved' }>).then([{ stream: 'offer-off-1', command: { type: 'SetOfferActive', offerId: 'off-1', active: false } }]);
    process([]).when(resolved('sellerSuspended') as Extract<DomainEvent, { type: 'ReportResolved' }>).then([{ stream: 'seller-shop-1', command: { type: 'ChangeSellerStatus', status: 'suspended', reason: '신고 처리: 확인함' } }]);
    process([]).when(resolved('dismissed') as Extract<DomainEvent, { type: 'ReportResolved' }>).then([]);
    process([]).when(resolved('warned') as Extract<DomainEvent, { type: 'ReportResolved' }>).then([]);
  });
});
