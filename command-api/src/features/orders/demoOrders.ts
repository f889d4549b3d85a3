import { randomBytes } from 'node:crypto';
import { COURIERS, DEFAULT_INSTALLMENT_MONTHS, reviewInputSchema, type PaymentMethod } from '@phonemarket/contracts';
import { streams, type EventStore, type ShopReviewStars } from '@phonemarket/events';
import { hashPassword } from '@phonemarket/platform/auth/passwords.ts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { handleCommand, loadAggregate, unreadNewStream, type CommandContext } from '../../shared/commandHandler.ts';
import { findAccountById, registerAccount } from '../accounts/public.ts';
import { seedOffers } from '../catalogue/public.ts';
import { loadOfferForSale, offerDecider, priceForSale } from '../offers/public.ts';
import { reviewsDecider, writeReview } from '../reviews/public.ts';
import { reviewedDeal, shopReviewsDecider } from '../shopTrust/public.ts';
import { orderDecider, type OrderCommand, type OrderState } from './order.ts';
import { orderOf, priceLine } from './placeOrder.ts';
import { walletDecider } from './wallet.ts';

/**
 * The shared demo's past (DEMO=1): three more buyers who bought at the market's shops weeks ago, each
 * order paid, shipped, delivered and 구매확정, some with a shop review, so the cards and store pages read
 * '거래 N건' as a market that has been open a while (ADR 027, s60). Only the buyer accounts the demo sign-in
 * never opens; the demo buyer's and the demo seller's own pages stay empty (the demo seller stays '신규 판매자').
 */
export const DEMO_HISTORY_BUYERS = [
  { userId: 'demo-buyer-2', email: 'jiwoo@demo.phonemarket.kr', firstName: '지우', lastName: '박', phone: '010-2481-3579', postcode: '04157', address: '서울특별시 마포구 마포대로 33', addressDetail: '101동 1203호' },
  { userId: 'demo-buyer-3', email: 'haeun@demo.phonemarket.kr', firstName: '하은', lastName: '최', phone: '010-5372-9014', postcode: '06236', address: '서울특별시 강남구 테헤란로 152', addressDetail: '8층' },
  { userId: 'demo-buyer-4', email: 'doyoon@demo.phonemarket.kr', firstName: '도윤', lastName: '정', phone: '010-8120-4466', postcode: '48058', address: '부산광역시 해운대구 센텀중앙로 79', addressDetail: '2304호' },
] as const;

type ShopReview = { stars: ShopReviewStars; content: string };
const review = (kindness: number, speed: number, conditions: number, content: string): ShopReview => ({ stars: { kindness, speed, conditions }, content });
/** A product review (구매평) of the order's phone, as the review form sends it (no photos). */
type ProductReview = { rating: number; content: string };

/**
 * The orders, oldest first: the shop, how many days ago it was placed, the shop review and the product review
 * (구매평: what the phone is like, not which one, as a shop's offer taken may vary) its buyer left.
 * Deals per shop: 리퍼폰마켓 6 (5 reviews: its stars show), 강남폰스토어 5, 용산모바일 4, 홍대폰마트 3,
 * 부산서면텔레콤 2, 중고폰나라 1; 신도림폰플러스, 대구동성로모바일 and the demo seller none (신규 판매자).
 * Product reviews: 17 of the 21 (the last one among them: the seed's done mark), 5점 9, 4점 7, 3점 1.
 */
export const DEMO_ORDERS: readonly { shopId: string; daysAgo: number; shopReview?: ShopReview; productReview?: ProductReview }[] = [
  { shopId: 'seller-refurb-market', daysAgo: 58, shopReview: review(5, 5, 5, '리퍼 제품인데 새것처럼 깨끗해요. 배터리 성능도 설명 그대로였습니다.'), productReview: { rating: 5, content: '화면이 정말 크고 선명해요. 리퍼라 걱정했는데 기스 하나 없고 배터리도 하루 넉넉히 갑니다.' } },
  { shopId: 'seller-gangnam-phone', daysAgo: 55, shopReview: review(5, 4, 5, '매장 응대가 친절했고 자급제라 개통도 바로 했어요.'), productReview: { rating: 5, content: '자급제라 쓰던 유심 그대로 꽂아서 바로 썼어요. 카메라가 전에 쓰던 폰보다 훨씬 좋네요.' } },
  { shopId: 'seller-yongsan-mobile', daysAgo: 52, shopReview: review(4, 5, 5, '주문 다음 날 바로 받았습니다. 포장도 꼼꼼했어요.'), productReview: { rating: 4, content: '디자인이 예쁘고 가벼워서 들고 다니기 좋아요. 배터리는 생각보다 조금 빨리 닳는 편이에요.' } },
  { shopId: 'seller-refurb-market', daysAgo: 49, shopReview: review(5, 4, 5, '검수 리포트를 같이 보내줘서 믿음이 갔어요.'), productReview: { rating: 5, content: '검수 리포트에 적힌 배터리 효율이 실제와 같았어요. 속도도 빠르고 발열도 거의 없습니다.' } },
  { shopId: 'seller-hongdae-phonemart', daysAgo: 47, productReview: { rating: 4, content: '중고라 약간의 사용감은 있지만 화면에는 잔기스도 없어요. 가격 생각하면 만족합니다.' } },
  { shopId: 'seller-gangnam-phone', daysAgo: 44 },
  { shopId: 'seller-busan-seomyeon', daysAgo: 41, shopReview: review(4, 4, 4, '부산이라 직접 가서 받았는데 설명을 잘 해주셨어요.'), productReview: { rating: 4, content: '성능은 충분하고 사진도 잘 나와요. 다만 케이스 없이 쓰기엔 뒷면이 조금 미끄러워요.' } },
  { shopId: 'seller-refurb-market', daysAgo: 38, shopReview: review(4, 5, 5, '생활기스 하나 없는 A급이었습니다. 재구매 의향 있어요.'), productReview: { rating: 5, content: '얇고 가벼워서 손에 쥐는 느낌이 좋아요. 리퍼인데 새 폰이랑 차이를 모르겠어요.' } },
  { shopId: 'seller-yongsan-mobile', daysAgo: 36 },
  { shopId: 'seller-junggo-nara', daysAgo: 33, shopReview: review(4, 4, 5, '중고인데 사진이랑 상태가 똑같아요. 가격도 괜찮았습니다.'), productReview: { rating: 3, content: '상태는 설명대로인데 배터리가 생각보다 빨리 닳아요. 가격이 저렴해서 그럭저럭 쓸 만합니다.' } },
  { shopId: 'seller-gangnam-phone', daysAgo: 31, shopReview: review(5, 5, 4, '문의 답변이 빨라서 좋았습니다.'), productReview: { rating: 5, content: '게임을 오래 해도 버벅임이 없어요. 화면 주사율이 높아서 스크롤이 아주 부드럽습니다.' } },
  { shopId: 'seller-refurb-market', daysAgo: 28, productReview: { rating: 4, content: '가성비 좋은 폰이에요. 카메라는 무난하고 배터리는 이틀에 한 번 충전하면 됩니다.' } },
  { shopId: 'seller-hongdae-phonemart', daysAgo: 26, shopReview: review(3, 4, 4, '배송은 빨랐는데 박스가 조금 찌그러져 왔어요.'), productReview: { rating: 4, content: '폰 자체는 상태가 좋아요. 모서리에 아주 작은 찍힘이 있지만 케이스 끼우니 안 보입니다.' } },
  { shopId: 'seller-yongsan-mobile', daysAgo: 24, productReview: { rating: 5, content: '화면이 커서 영상 볼 때 정말 좋아요. 앱 전환도 빠르고 만족합니다.' } },
  { shopId: 'seller-gangnam-phone', daysAgo: 22 },
  { shopId: 'seller-refurb-market', daysAgo: 20, shopReview: review(5, 5, 5, '세 번째 구매예요. 항상 상태 좋은 폰만 보내줍니다.'), productReview: { rating: 5, content: '세 번째 리퍼폰인데 이번에도 외관이 깨끗해요. 배터리도 새 제품 수준입니다.' } },
  { shopId: 'seller-busan-seomyeon', daysAgo: 18, productReview: { rating: 4, content: '부모님 쓰시기에 딱 좋은 크기예요. 글씨를 크게 해도 화면이 시원하게 보입니다.' } },
  { shopId: 'seller-yongsan-mobile', daysAgo: 16, shopReview: review(5, 4, 5, '정품 케이스까지 챙겨줘서 만족합니다.'), productReview: { rating: 5, content: '밤에 찍은 사진도 밝고 선명해요. 전에 쓰던 폰보다 충전도 훨씬 빠릅니다.' } },
  { shopId: 'seller-hongdae-phonemart', daysAgo: 14 },
  { shopId: 'seller-gangnam-phone', daysAgo: 12, productReview: { rating: 4, content: '새 폰이라 역시 빠르고 좋아요. 무게가 조금 있는 편이라 오래 들면 손목이 살짝 아파요.' } },
  { shopId: 'seller-refurb-market', daysAgo: 10, shopReview: review(4, 5, 5, '빠른 배송 감사합니다. 부모님 선물로 샀어요.'), productReview: { rating: 5, content: '부모님 선물로 드렸는데 화면이 크고 밝아서 아주 좋아하세요. 통화 음질도 깨끗합니다.' } },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
export const demoOrderId = (n: number) => `demo-order-${String(n + 1).padStart(3, '0')}`;

/**
 * Seeds `DEMO_ORDERS` through the deciders a checkout and the order's people use, each step dated in the
 * past by its own clock (the injected `clock` less the order's days): the units taken from the offer
 * (`ReserveStock`), the order placed and paid (`PlaceOrder`, priced as a checkout prices a cart line,
 * `priceLine`/`orderOf`), 배송준비 → 배송중 → 배송완료 by its shop, 구매확정, a shop review and a product review
 * (구매평, `writeReview`: the review route's path) by its buyer.
 * Only 자급제 and used offers (no 개통), one unit from an offer with more than one left (no offer sells out,
 * so no price ladder moves in the past). Idempotent: every step carries its key, a done seed is one read.
 */
export async function seedDemoOrders(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  // Done: the last order's product review, the seed's last step (a data directory seeded before s60-h5 gets its product reviews).
  const last = DEMO_ORDERS.length - 1;
  if ((await loadAggregate(store, streams.orderReviews(demoOrderId(last)), reviewsDecider)).state.reviews.size > 0) return;
  const now = clock().getTime();
  await ensureDemoBuyers(store, clock, newId);
  // The shops' offers a demo order may take (by id: the same on every start), each shop's in turn.
  const offersOf = new Map<string, string[]>();
  for (const { offer } of seedOffers(new Date(now))) {
    if (offer.carrier !== '자급제') continue;
    offersOf.set(offer.sellerId, [...(offersOf.get(offer.sellerId) ?? []), offer.offerId]);
  }
  for (const [n, planned] of DEMO_ORDERS.entries()) {
    const orderId = demoOrderId(n);
    const buyer = DEMO_HISTORY_BUYERS[n % DEMO_HISTORY_BUYERS.length]!;
    const placedAt = Math.floor(now / DAY_MS) * DAY_MS - planned.daysAgo * DAY_MS + (1 + (n % 9)) * HOUR_MS;
    const ctx = (step: string, userId: string, role: 'user' | 'seller', days: number): CommandContext => ({
      actor: { userId, role }, correlationId: `demo-orders:${orderId}`, clock: () => new Date(placedAt + days * DAY_MS + (step === 'place' ? 0 : 2 * HOUR_MS)),
      newId, idempotencyKey: `demo-orders:${orderId}:${step}`,
    });
    const asBuyer = (step: string, days: number) => ctx(step, buyer.userId, 'user', days);
    const asShop = (step: string, days: number) => ctx(step, planned.shopId, 'seller', days);
    if (!(await loadAggregate(store, streams.order(orderId), orderDecider)).state.placed) {
      // The shop's orders before this one each took the next of its offers.
      const turn = DEMO_ORDERS.slice(0, n).filter((o) => o.shopId === planned.shopId).length;
      const placed = await placeDemoOrder(store, orderId, buyer, offersOf.get(planned.shopId) ?? [], turn, placedAt, asBuyer('place', 0));
      if (!placed) continue;
    }
    const onOrder = (command: OrderCommand, c: CommandContext) => handleCommand(store, streams.order(orderId), orderDecider, command, c);
    await onOrder({ type: 'ChangeOrderStatus', status: 'preparing' }, asShop('preparing', 0));
    const courier = COURIERS[n % COURIERS.length]!;
    await onOrder({ type: 'ChangeOrderStatus', status: 'shipped', courier, trackingNumber: String(640_118_203_417 + n * 7_919_231) }, asShop('shipped', 1));
    const delivered = await onOrder({ type: 'ChangeOrderStatus', status: 'delivered' }, asShop('delivered', 2));
    await confirmOnce(store, orderId, asBuyer('confirm', 3));
    if (planned.shopReview) {
      const deal = await reviewedDeal(store, 'order', orderId);
      await handleCommand(store, streams.shopReviews('order', orderId), shopReviewsDecider, {
        type: 'WriteShopReview', deal, sellerId: planned.shopId, authorId: buyer.userId, ...planned.shopReview,
      }, asBuyer('review', 4));
    }
    if (planned.productReview) {
      // The phone the order holds (the offer taken may vary with the catalogue), reviewed as the review form sends it.
      const modelId = delivered.state.placed?.items[0]?.modelId;
      const input = reviewInputSchema.parse({ orderId, ...planned.productReview });
      if (modelId) await writeReview(store, modelId, buyer.userId, input, asBuyer('product-review', 4));
    }
  }
}

/**
 * The order placed from the shop's `turn`-th offer (or the next one with a unit to spare): its unit taken,
 * then the order and its payment; null when the shop has no such offer (a catalogue changed since).
 */
async function placeDemoOrder(
  store: EventStore, orderId: string, buyer: (typeof DEMO_HISTORY_BUYERS)[number], offerIds: readonly string[], turn: number, placedAt: number, ctx: CommandContext,
): Promise<OrderState | null> {
  for (let t = turn; t < turn + offerIds.length; t++) {
    const offerId = offerIds[t % offerIds.length]!;
    const sale = await loadOfferForSale(store, offerId);
    // On sale since before the order, with a unit left after it.
    if (!sale || !sale.onSale || sale.stockLeft < 2 || Date.parse(sale.offer.listedAt) >= placedAt) continue;
    const priced = priceForSale(sale, {});
    if (!priced) continue;
    const line = {
      productId: offerId, quantity: 1, storage: sale.offer.storage, carrier: sale.offer.carrier, joinType: sale.offer.joinType,
      color: sale.model.colors.find((c) => c.available)?.name ?? sale.model.colors[0]!.name,
      planId: priced.planId, discount: priced.quote.discount, months: DEFAULT_INSTALLMENT_MONTHS, laterPlanId: null, cardUsed: false,
    };
    const item = await priceLine(store, `${orderId}-item`, line, undefined, undefined);
    const wallet = (await loadAggregate(store, streams.wallet(buyer.userId), walletDecider)).state;
    const paymentMethod: PaymentMethod = item.unitPrice > 1_000_000 ? 'transfer' : 'card';
    const order = orderOf({ orderId, buyerId: buyer.userId, items: [item], activation: null }, wallet, {
      recipient: `${buyer.lastName}${buyer.firstName}`, phone: buyer.phone, postcode: buyer.postcode, address: buyer.address, addressDetail: buyer.addressDetail, memo: '', paymentMethod,
    });
    await handleCommand(store, streams.offer(offerId), offerDecider, { type: 'ReserveStock', orderId, quantity: 1 }, { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:stock` });
    const placed = await handleCommand(store, streams.order(orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, unreadNewStream(orderDecider));
    return placed.state;
  }
  return null;
}

/** 구매확정 by the buyer; already confirmed (its 7-day timer, due at once for a delivery weeks ago, came first): done. */
async function confirmOnce(store: EventStore, orderId: string, ctx: CommandContext): Promise<void> {
  try {
    await handleCommand(store, streams.order(orderId), orderDecider, { type: 'ConfirmOrder', automatic: false }, ctx);
  } catch (err) {
    const { state } = await loadAggregate(store, streams.order(orderId), orderDecider);
    if (!(err instanceof DomainError) || state.status !== 'confirmed') throw err;
  }
}

/** The history's buyers (ids fixed, passwords random and thrown away: nobody signs in as them). */
async function ensureDemoBuyers(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  let passwordHash: string | null = null;
  for (const { userId, email, firstName, lastName } of DEMO_HISTORY_BUYERS) {
    if (await findAccountById(store, userId)) continue;
    passwordHash ??= await hashPassword(randomBytes(24).toString('base64url'));
    await registerAccount(store, { userId, email, firstName, lastName, role: 'user', passwordHash, demo: true }, {
      actor: { userId: null, role: 'guest' }, correlationId: 'demo-orders-buyers', clock, newId, idempotencyKey: `demo-orders-buyers:${userId}`,
    });
  }
}
