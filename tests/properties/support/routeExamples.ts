import { expect } from 'vitest';
import { modelOffersSchema } from '@phonemarket/contracts';
import { quoteTermsSchema } from '@phonemarket/contracts/quotes.ts';
import { moveOrder, PAID_TODAY } from '../../support/checkout.ts';
import type { TestClient } from '../../support/testServer.ts';
import { applicationBody } from './actors.ts';

/**
 * Requests that a route should take (issue 43: more routes reaching a 2xx in the fuzz): a real id owned
 * by the actor who sends it, and a body its rules accept. A schema alone cannot give either — a
 * productId must name a product, an order must be the seller's — so the fuzz mixes these in with the
 * bodies it derives, and its Korean-4xx/appends-nothing checks hold for them as for any other.
 * Bodies are made fresh at each send (an e-mail must be new, a term not listed yet).
 */
export type Actor = 'guest' | 'buyer' | 'seller' | 'admin';
export interface Example { actor: Actor; params: Record<string, string>; body: () => unknown }
type Actors = Record<Actor, TestClient> & { buyerId: string; buyerEmail: string; buyerPassword: string };

const ADDRESS = { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card', usePoints: 0, ...PAID_TODAY };
const QUOTE_REQUEST = { modelId: 'galaxy-s26-ultra', carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any', name: '김민수', phone_number: '010-1234-5678', email: 'minsu@example.kr', region: '서울', openHours: 24 };
let unique = 0;

/** Builds the state the examples name (an offer of the demo seller, a cart line, orders, a quote request, a buyback deal) and answers them by route. */
export async function routeExamples(actors: Actors): Promise<Record<string, Example[]>> {
  const { buyer, seller } = actors;
  const ok = (res: { status: number; body: unknown }, status = 201) => { expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status); return res.body as { id: string }; };
  const terms = modelOffersSchema.parse((await buyer.get('/api/models/galaxy-s26-ultra/offers')).body).offers.filter((o) => o.condition === 'new').map((o) => o.offerId);
  // The demo seller's own offer, with stock for every order the fuzz may place.
  let offerId = '';
  let nextTerm = 0;
  const refusals: string[] = [];
  for (; nextTerm < terms.length && !offerId; nextTerm++) {
    const listed = await seller.post('/api/offers', { sameTermsAs: terms[nextTerm], extraSubsidy: 0, stock: 999 });
    if (listed.status === 201) offerId = (listed.body as { id: string }).id;
    else refusals.push(`${listed.status} ${JSON.stringify(listed.body).slice(0, 200)}`);
  }
  expect(offerId, `the demo seller could list an offer: ${refusals.join('; ')}`).not.toBe('');
  const order = async () => {
    ok(await buyer.post('/api/cart/items', { productId: offerId, quantity: 1 }));
    return ok(await buyer.post('/api/orders', ADDRESS)).id;
  };
  const toCancel = await order();
  const toMove = await order();
  const toCancelAsSeller = await order();
  // s62: an order 배송중 whose 송장 the seller corrects (each example a new number: the same one again is refused).
  const toCorrect = await order();
  expect((await moveOrder(seller, toCorrect, 'shipped')).status).toBe(200);
  const cartLine = ok(await buyer.post('/api/cart/items', { productId: offerId, quantity: 1 }));
  const cart = (await buyer.get('/api/cart')).body as { items: { itemId: string }[] };
  const itemId = cart.items[0]?.itemId ?? cartLine.id;
  const request = ok(await buyer.post('/api/quote-requests', QUOTE_REQUEST)).id;
  const requestToCancel = ok(await buyer.post('/api/quote-requests', QUOTE_REQUEST)).id;
  const quoteTerms = quoteTermsSchema.parse((await seller.get(`/api/quote-requests/${request}/terms`)).body).terms;
  const t = quoteTerms.find((x) => x.carrier === 'SKT' && x.joinType === '번호이동') ?? quoteTerms[0]!;
  const quoteOffer = () => ({ storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, discount: 'subsidy', months: 24, extraSubsidy: 10_000 + (++unique % 50) * 1_000, planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false });
  const buybackQuote = () => ({ modelId: 'galaxy-s25', storage: 256, answers: {} });
  const bq = ok(await buyer.post('/api/buyback/quotes', buybackQuote())).id;
  const bq2 = ok(await buyer.post('/api/buyback/quotes', buybackQuote())).id;
  const bo = ok(await buyer.post(`/api/buyback/quotes/${bq2}/accept`, { handover: 'parcel', payout: 'points' })).id;
  const application = ok(await buyer.post('/api/seller-applications', applicationBody(`fuzz-applicant-${Date.now()}@example.kr`, 9_000))).id;

  const ex = (actor: Actor, params: Record<string, string>, body: () => unknown): Example => ({ actor, params, body });
  const none = () => undefined;
  return {
    'POST /api/auth/register': [ex('guest', {}, () => ({ email: `fuzz-ex${++unique}-${Date.now()}@example.kr`, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }))],
    'POST /api/auth/login': [ex('guest', {}, () => ({ email: actors.buyerEmail, password: actors.buyerPassword }))],
    'PUT /api/admin/users/:id/status': [ex('admin', { id: actors.buyerId }, () => ({ status: 'active' }))],
    'POST /api/cart/items': [ex('buyer', {}, () => ({ productId: offerId, quantity: 1 }))],
    'PATCH /api/cart/items/:itemId': [ex('buyer', { itemId }, () => ({ quantity: 1 + (++unique % 3) }))],
    'POST /api/offers': [ex('seller', {}, () => ({ sameTermsAs: terms[nextTerm++ % terms.length], extraSubsidy: 0, stock: 3 }))],
    'PUT /api/offers/:id/active': [ex('seller', { id: offerId }, () => ({ active: true }))],
    'PUT /api/offers/:id/stock': [ex('seller', { id: offerId }, () => ({ stock: 999 }))],
    'POST /api/orders/:id/cancel': [ex('buyer', { id: toCancel }, () => ({ reason: '단순 변심' }))],
    'PUT /api/orders/:id/status': [ex('seller', { id: toMove }, () => ({ status: 'preparing' }))],
    'POST /api/orders/:id/seller-cancel': [ex('seller', { id: toCancelAsSeller }, () => ({ reason: '재고 부족' }))],
    'POST /api/orders/:id/tracking-correction': [ex('seller', { id: toCorrect }, () => ({ courier: '롯데택배', trackingNumber: String(900_000_000_000 + ++unique), reason: '송장번호 오타' }))],
    'POST /api/quote-requests/:id/offers': [ex('seller', { id: request }, quoteOffer)],
    'POST /api/quote-requests': [ex('buyer', {}, () => QUOTE_REQUEST)],
    'POST /api/quote-requests/:id/cancel': [ex('buyer', { id: requestToCancel }, none)],
    'POST /api/buyback/quotes': [ex('buyer', {}, buybackQuote)],
    'POST /api/buyback/quotes/:id/accept': [ex('buyer', { id: bq }, () => ({ handover: 'parcel', payout: 'points' }))],
    'POST /api/buyback/orders/:id/received': [ex('seller', { id: bo }, none)],
    'PUT /api/seller-applications/:id': [ex('admin', { id: application }, () => ({ status: 'reviewing' }))],
    'PUT /api/sellers/:id': [ex('admin', { id: 'seller-gangnam-phone' }, () => ({ status: 'approved' }))],
    'POST /api/products/:id/questions': [ex('buyer', { id: offerId }, () => ({ content: `배송은 언제쯤 시작되나요? 문의 ${++unique}` }))],
  };
}
