import {
  CANCELLABLE_ORDER_STATUSES, NO_CONDITIONS, lineSums, quote, shopTrustOf,
  type Cart, type CartItem, type DiscountType, type InstallmentMonths, type ModelDetail, type ModelOffer, type ModelOffers, type ModelSummary, type Order, type OrderItem, type SellerOrder, type ShopTrust,
} from '@phonemarket/contracts';
import type { Ad, Product, RankingItem } from '../api/catalogue';

/** Catalogue test data (products, ranking items, ads) in the API's shapes. */

/** The i-th test product; `over` replaces any field. */
/** A shop's trust figures from `count` reviews of 5·4·5 stars (issue 41; under 5: '리뷰 적음') and `deals` confirmed orders. */
export function shopTrust(count: number, deals = 0): ShopTrust {
  return shopTrustOf({ count, kindness: 5 * count, speed: 4 * count, conditions: 5 * count, conditionsKept: count, deals });
}

export function product(i: number, over: Partial<Product> = {}): Product {
  return {
    id: `p-${i}`,
    modelId: `m-${i}`,
    name: `갤럭시 테스트 ${i}`,
    brand: 'Samsung',
    img: `/images/phones/p-${i}.svg`,
    price: 1_000_000 + i * 10_000,
    monthly: 40_000 + i * 100,
    originalPrice: 1_200_000 + i * 10_000,
    storage: 256,
    carrier: 'SKT',
    joinType: '번호이동',
    score: 90,
    badges: ['공시혜택'],
    isHot: false,
    isNew: false,
    viewCount: i,
    seller: { name: `판매자 ${i}`, rating: 4.5, deals: 100, trust: shopTrust(i % 2 ? 12 : 2, 100) },
    condition: 'new',
    createdAt: '2026-01-01T00:00:00Z',
    stock: 5,
    ...over,
  };
}

/** A named phone of the seeded catalogue; the monthly price is the price over 24 months. */
export function catalogueProduct(id: string, name: string, brand: string, price: number, over: Partial<Product> = {}): Product {
  return product(0, { id, name, brand, img: `/images/phones/${id}.svg`, price, monthly: Math.floor(price / 24), ...over });
}

/** The i-th test model as `GET /api/models` lists it. */
export function model(i: number, over: Partial<ModelSummary> = {}): ModelSummary {
  return {
    id: `m-${i}`, name: `갤럭시 테스트 ${i}`, brand: 'Samsung', series: '갤럭시 S', img: `/images/phones/m-${i}.svg`, releasedAt: '2026-03-06',
    isNew: false, storages: [256, 512], lowestPrice: 1_000_000 + i * 10_000, lowestMonthly: 90_000 + i * 100, lowestMonthlyKind: 'plan', lowestToday: null, offerCount: 3, sellerCount: 2,
    cheapestOfferId: `p-${i}`, score: 90, viewCount: i, badges: ['공시혜택'], rating: 0, reviewCount: 0, ...over,
  };
}

export function rankingItem(rank: number, over: Partial<RankingItem> = {}): RankingItem {
  return { ...model(rank), name: `랭킹 상품 ${rank}`, rank, change: 'up', changeValue: rank, ...over };
}

export function ad(i: number, over: Partial<Ad> = {}): Ad {
  return {
    id: `ad-${i}`,
    title: `광고 ${i}`,
    description: `광고 설명 ${i}`,
    img: `/images/ads/ad-${i}.svg`,
    badge: 'HOT',
    badgeColor: 'red',
    link: `/product/p-${i}`,
    type: 'display',
    placement: 'header',
    order: i,
    isActive: true,
    startDate: null,
    endDate: null,
    ...over,
  };
}


/**
 * The page of `products` that GET /api/products answers for the request URL's `page`
 * (default 1) and `limit` (default 8, at most `maxLimit`).
 */
export function productPage<T>(url: URL, products: readonly T[], maxLimit = Infinity): { products: T[]; total: number } {
  const page = Number(url.searchParams.get('page') ?? '1');
  const limit = Math.min(maxLimit, Number(url.searchParams.get('limit') ?? '8'));
  return { products: products.slice((page - 1) * limit, page * limit), total: products.length };
}

/** A model detail (`GET /api/models/{id}`) for product page tests. */
export function modelDetail(over: Partial<ModelDetail> = {}): ModelDetail {
  return {
    ...model(1, { id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', storages: [256, 512], cheapestOfferId: 'o-256-kt' }),
    description: '2026년 갤럭시 최상위 모델.',
    specifications: { display: '6.9형', camera: '200MP', battery: '5,000mAh', os: 'Android 16', chip: 'Snapdragon', weight: '214g' },
    colors: [{ name: '티타늄 블랙', hex: '#2E2F33', available: true }, { name: '티타늄 핑크골드', hex: '#E3C4B2', available: false }],
    variants: [{ storage: 256, releasePrice: 1_797_400 }, { storage: 512, releasePrice: 1_951_400 }],
    carriers: ['SKT', 'KT'], joinTypes: ['번호이동', '기기변경'], conditions: ['new'],
    plans: [
      { id: 'kt-5g-simple', name: '5G 심플 100GB', carrier: 'KT', monthlyFee: 69_000, setupFee: 0, data: '100GB', unlimited: false },
      { id: 'kt-5g-special', name: '5G 스페셜', carrier: 'KT', monthlyFee: 99_000, setupFee: 0, data: '무제한', unlimited: true },
      { id: 'skt-5gx-prime', name: '5GX 프라임', carrier: 'SKT', monthlyFee: 89_000, setupFee: 0, data: '무제한', unlimited: true },
    ],
    ...over,
  };
}

/** An offer priced by the real pricing module, as `GET /api/models/{id}/offers` lists it. */
export function modelOffer(offerId: string, over: { storage?: number; carrier?: 'SKT' | 'KT'; joinType?: '번호이동' | '기기변경'; planId?: string; planFee?: number; discount?: DiscountType; months?: InstallmentMonths; devicePrice?: number; subsidy?: number; extraSubsidy?: number; seller?: string; stock?: number; setupFee?: number } = {}): ModelOffer {
  const planFee = over.planFee ?? 69_000;
  return {
    offerId, modelId: 'galaxy-s26-ultra',
    seller: { id: `s-${offerId}`, name: over.seller ?? '강남폰스토어', storeName: `${over.seller ?? '강남폰스토어'} 본점`, storeId: `store-s-${offerId}`, rating: 4.9, deals: 2340, verified: true, trust: shopTrust(12), preApproval: null },
    storage: over.storage ?? 256, condition: 'new', grade: null, carrier: over.carrier ?? 'KT', joinType: over.joinType ?? '번호이동',
    plan: { id: over.planId ?? 'kt-5g-simple', name: over.planId === 'kt-5g-special' ? '5G 스페셜' : '5G 심플 100GB', carrier: over.carrier ?? 'KT', monthlyFee: planFee, setupFee: over.setupFee ?? 0, data: '100GB', unlimited: false },
    requiredMonths: 6, stock: over.stock ?? 5, badges: [],
    quote: quote({ devicePrice: over.devicePrice ?? 1_797_400, subsidy: over.subsidy ?? 500_000, extraSubsidy: over.extraSubsidy ?? 100_000, planFee }, { discount: over.discount ?? 'subsidy', months: over.months ?? 24 }),
    conditions: NO_CONDITIONS, breakdown: [], planChanges: [],
  };
}

/** A cart line (`GET /api/cart`) for an offer priced by the real pricing module. */
export function cartLine(itemId: string, over: Partial<CartItem> & { offer?: ModelOffer } = {}): CartItem {
  const { offer = modelOffer('o-256-kt'), ...rest } = over;
  return {
    itemId, productId: offer.offerId, modelId: offer.modelId, name: '갤럭시 S26 울트라 256GB', brand: 'Samsung', image: '/images/phones/galaxy-s26-ultra.svg',
    price: offer.quote.principal, originalPrice: offer.quote.devicePrice, quantity: 1, color: '티타늄 블랙', storage: offer.storage, carrier: offer.carrier,
    joinType: offer.joinType, plan: offer.plan, discount: offer.quote.discount, months: offer.quote.months, seller: { id: offer.seller.id, name: offer.seller.name },
    quote: offer.quote, conditions: offer.conditions, breakdown: offer.breakdown, choice: { laterPlanId: null, cardUsed: false }, laterPlans: [],
    previousPrice: null, stockLeft: offer.stock, available: true, condition: offer.condition, grade: offer.grade, listing: offer.listing ?? null, ...rest,
  };
}

/** A `GET /api/cart` answer; the summary is whatever the test says (the server computes it). */
export function cartAnswer(items: CartItem[], summary: Partial<Cart['summary']> = {}): Cart {
  return { items, count: items.length, summary: { total: 0, discount: 0, shipping: 0, payToday: 0, monthlyCarrier: 0, ...summary } };
}

/** The page of `models` that GET /api/models answers for the request URL's `page` and `limit` (default 8). */
export function modelPage<T>(url: URL, models: readonly T[]): { models: T[]; total: number } {
  const { products, total } = productPage(url, models);
  return { models: products, total };
}

/**
 * An order line as paid (issue 30): by default a KT 번호이동 line of the cart fixture's offer paid by 할부,
 * its monthly parts from the real pricing module; `over` replaces any field.
 */
export function orderLine(over: Partial<OrderItem> & { offer?: ModelOffer } = {}): OrderItem {
  const { offer = modelOffer('o-256-kt'), ...rest } = over;
  const q = offer.quote;
  return {
    productId: offer.offerId, modelId: offer.modelId, name: '갤럭시 S26 울트라', brand: 'Samsung', image: '/images/phones/galaxy-s26-ultra.svg', quantity: 1,
    unitPrice: q.principal, originalPrice: q.devicePrice, color: '티타늄 블랙', storage: offer.storage, carrier: offer.carrier, planName: offer.plan?.name ?? null,
    months: q.months, monthlyTotal: q.monthlyTotal, sellerId: offer.seller.id, sellerName: offer.seller.name, reviewed: false,
    joinType: offer.joinType, discount: q.discount, payment: 'installment', monthlyDevice: q.monthlyDevice, monthlyPlan: q.monthlyPlan,
    conditions: offer.conditions, conditionsConfirmed: false, totalCost: q.totalCost, totalCost24: q.totalCost24 ?? null, planId: offer.plan?.id ?? null, laterPlanId: null,
    cardUsed: false, subsidy: q.subsidy, extraSubsidy: q.extraSubsidy, devicePrice: q.devicePrice, planFee: q.planFee, laterPlanFee: null,
    laterPlanName: null, sellerBusiness: null, listingAsSold: null, condition: 'new', setupFee: null, ...rest,
  };
}

/** A `GET /api/orders/{id}` answer whose amounts are computed from its lines as the server does (할부 lines: nothing today). */
export function orderAnswer(over: Partial<Order> = {}): Order {
  const items = over.items ?? [orderLine()];
  // The server's own sum of the lines (`lineSums`, as placeOrder's amounts).
  const sums = lineSums(items.map((i) => ({ ...i, principal: i.unitPrice, devicePrice: i.originalPrice })));
  const { payToday, monthlyCarrier } = sums;
  const points = over.amounts?.points ?? 0;
  const coupon = over.amounts?.coupon ?? 0;
  return {
    id: 'order-1', orderNumber: '20261123-000001', buyerId: 'u-1', status: 'paid', statusLabel: '결제완료', items,
    amounts: {
      items: sums.items, discount: sums.discount,
      points, coupon, total: payToday - points - coupon, payNow: payToday - points - coupon, monthlyCarrier,
    },
    shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '문 앞' },
    paymentMethod: 'card', paymentFailure: null, couponId: null, courier: null, trackingNumber: null,
    activation: { holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: false, currentCarrier: 'SKT', currentNumber: '010-2222-3333', sim: 'usim', method: 'delivery', visitSlot: null },
    activated: null, deliveredAt: null, confirmedAt: null, returns: [], cancellation: null,
    cancellable: true, reviewable: false, confirmable: false, returnable: false, receivable: false, pickup: null,
    createdAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-23T10:00:00.000Z', ...over,
  };
}

/** A row of `GET /api/seller/orders`: the order as its seller reads it (their lines, their subtotal, whether they handle it). */
export function sellerOrderAnswer(over: Partial<SellerOrder> = {}): SellerOrder {
  const { buyerId: _buyer, ...order } = orderAnswer(over as Partial<Order>);
  const handles = over.handles ?? true;
  // As the server says it: they handle it and it has not shipped.
  const sellerCancellable = handles && CANCELLABLE_ORDER_STATUSES.includes(order.status);
  return { ...order, buyerName: '김*수', sellerSubtotal: order.amounts.items, shippable: true, handles, sellerCancellable, ...over };
}

/**
 * `GET /api/models/{id}/offers` as the server answers it for these offers (issue 37): every one on one
 * page, cheapest 총비용 first, with the facets and each carrier's lowest counted the server's way.
 */
export function modelOffersAnswer(modelId: string, offers: readonly ModelOffer[]): ModelOffers {
  const facet = (values: (o: ModelOffer) => readonly string[]) => {
    const counts = new Map<string, { value: string; count: number; inStock: number }>();
    for (const o of offers) for (const value of values(o)) {
      const c = counts.get(value) ?? { value, count: 0, inStock: 0 };
      counts.set(value, c);
      c.count++;
      if (o.stock > 0) c.inStock++;
    }
    return [...counts.values()];
  };
  const sorted = [...offers].sort((a, b) => a.quote.totalCost - b.quote.totalCost);
  const carriers = [...new Set(sorted.map((o) => o.carrier))];
  return {
    modelId, offers: sorted, sort: 'total', page: 1, limit: 100, total: offers.length,
    facets: {
      storage: facet((o) => [String(o.storage)]), carrier: facet((o) => [o.carrier]), joinType: facet((o) => (o.joinType ? [o.joinType] : [])),
      plan: facet((o) => (o.plan ? [o.plan.id] : [])), condition: facet((o) => [o.condition]), discount: facet((o) => [o.quote.discount]),
    },
    lowestByCarrier: carriers.map((carrier) => {
      const o = sorted.find((x) => x.carrier === carrier)!;
      return { carrier, offerId: o.offerId, totalCost: o.quote.totalCost, monthlyTotal: o.quote.monthlyTotal, principal: o.quote.principal };
    }),
  };
}
