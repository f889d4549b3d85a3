import { NO_CONDITIONS } from '@phonemarket/contracts';
import { NO_CONTRACT_TERMS, notificationId, streams, toNewEvent, type DomainEvent, type EventDataOf, type EventStore, type NewEvent, type Role } from '@phonemarket/events';

/**
 * A small marketplace's log with every event type of the catalogue, whose ids meet the way they do in
 * production: accounts that buy, sell, review, ask and answer; a seller onboarded from an application
 * (no catalogue profile, so its order lines carry no seller name); an order whose lines, payment,
 * shipping, review and answer each land on another read model; a price drop of a wishlisted model.
 * Every read model that keeps facts of other streams finds them here, so a rebuild in any order of
 * read models (tests/rebuild.test.ts) compares documents that depend on those facts.
 */
export interface LogEntry {
  stream: string;
  event: NewEvent;
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const START = Date.parse('2026-11-20T08:00:00.000Z');

export function everyEventLog(): LogEntry[] {
  const log: LogEntry[] = [];
  const actors = {
    guest: { userId: null, role: 'guest' as Role },
    admin: { userId: 'u-admin', role: 'admin' as Role },
    buyer: { userId: 'u-buyer', role: 'user' as Role },
    fan: { userId: 'u-fan', role: 'user' as Role },
    seller: { userId: 'u-seller', role: 'seller' as Role },
  };
  /** Appends one event (a minute after the one before) and answers it, for ids of later events (a notification read). */
  const add = (stream: string, event: DomainEvent, actor: { userId: string | null; role: Role } = actors.guest) => {
    const n = log.length + 1;
    const entry = {
      stream,
      event: toNewEvent(event, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, {
        actor, correlationId: `c-${n}`, causationId: null, at: new Date(START + n * 60_000).toISOString(),
      }),
    };
    log.push(entry);
    return entry;
  };
  const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

  // The catalogue: a category, a brand page, an ad, two plans, a legacy product, a phone model and a catalogue seller.
  add(streams.category('c-samsung'), { type: 'CategoryDefined', data: { categoryId: 'c-samsung', key: 'Samsung', label: '삼성', img: '/c.svg', order: 1 } });
  add(streams.brand('samsung'), { type: 'BrandDefined', data: { brandId: 'samsung', name: 'Samsung', nameKo: '삼성', logo: '/l.svg', description: '', order: 1 } });
  add(streams.brandModel('bm-1'), {
    type: 'BrandModelListed',
    data: {
      brandId: 'samsung', modelId: 'bm-1', name: '갤럭시 S25', image: '/i.svg', price: 1_200_000, storage: '256GB', color: '블랙', condition: 'new', rating: 4.5, reviewCount: 3,
      specifications: { display: '6.2', camera: '50MP', battery: '4000', os: 'Android' }, features: [], availability: 'in-stock',
      seller: { name: '폰마켓', rating: 4.8, verified: true }, productId: 'galaxy-s25',
    },
  });
  add(streams.ad('ad-1'), {
    type: 'AdCreated',
    data: {
      adId: 'ad-1', title: '광고', description: '설명', img: '/a.svg', badge: 'AD', badgeColor: 'red', link: '/', type: 'display', placement: 'feed', order: 0, isActive: true,
      startDate: null, endDate: null,
    },
  });
  for (const [planId, monthlyFee, data] of [['skt-5g', 89_000, '무제한'], ['skt-lte', 39_000, '10GB']] as const) {
    add(streams.plan(planId), {
      type: 'PlanDefined', data: { planId, name: planId, carrier: 'SKT', monthlyFee, setupFee: 0, data, voice: '무제한', sms: '무제한', benefits: [], discountRate: 0.25 },
    });
  }
  add(streams.product('legacy-1'), {
    type: 'ProductListed',
    data: {
      productId: 'legacy-1', name: '레거시폰', brand: 'Samsung', model: 'galaxy-s25', img: '/p.svg', price: 900_000, monthly: 40_000, storage: 128, carrier: 'SKT', score: 50,
      badges: [], isHot: false, isNew: false, condition: 'new', categories: [], seller: { id: 's-cat', name: '폰마켓', rating: 4.8, deals: 10 }, description: '',
      specifications: { display: '', camera: '', battery: '', os: '', chip: '', weight: '' }, colors: [{ name: '블랙', hex: '#000000', available: true }], aliases: [],
      listedAt: at(0),
    },
  });
  add(streams.phoneModel('galaxy-s25'), {
    type: 'PhoneModelDefined',
    data: {
      modelId: 'galaxy-s25', brand: 'Samsung', name: '갤럭시 S25', series: '갤럭시 S', releasedAt: '2026-02-01', description: '',
      specifications: { display: '6.2', camera: '50MP', battery: '4000', os: 'Android', chip: 'Snapdragon', weight: '162g' },
      colors: [{ name: '블랙', hex: '#000000', available: true }], variants: [{ storage: 256, releasePrice: 1_200_000 }], fiveG: true, folding: false, aliases: ['galaxy'],
    },
  });
  add(streams.marketSeller('s-cat'), { type: 'SellerProfileDefined', data: { sellerId: 's-cat', name: '폰마켓', storeName: '폰마켓 본점', rating: 4.8, deals: 10, verified: true } });
  const offer = (offerId: string, sellerId: string, extraSubsidy: number) => ({
    type: 'OfferListed' as const,
    data: {
      offerId, modelId: 'galaxy-s25', sellerId, storage: 256, condition: 'new' as const, grade: null, carrier: 'SKT' as const, joinType: '번호이동' as const,
      plans: [{ planId: 'skt-5g', subsidy: 500_000 }, { planId: 'skt-lte', subsidy: 200_000 }], requiredMonths: 6, price: 1_200_000, extraSubsidy, stock: 5, score: 80,
      badges: [], listedAt: at(10),
      // Issue 40: a 요금제 유지 and a 부가서비스 (the later plan is the carrier's cheapest: skt-lte).
      conditions: { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }] },
    },
  });
  add(streams.offer('o-cat'), offer('o-cat', 's-cat', 100_000), actors.admin);
  // An offer of a model nobody defined: no read model lists it, nor shows it on a cart line or an order.
  add(streams.offer('o-ghost'), { type: 'OfferListed', data: { ...offer('o-ghost', 's-cat', 0).data, modelId: 'ghost-phone' } });

  // Accounts.
  for (const [userId, firstName, role] of [['u-admin', '관리', 'admin'], ['u-buyer', '민준', 'user'], ['u-fan', '서연', 'user'], ['u-seller', '판매', 'user']] as const) {
    add(streams.userEmail(`hash-${userId}`), { type: 'UserEmailReserved', data: { userId } });
    add(streams.user(userId), { type: 'UserRegistered', data: { userId, email: `${userId}@example.kr`, firstName, lastName: '김', role, passwordHash: HASH, demo: false } });
  }
  add(streams.adminRoster(), { type: 'ActiveAdminAdded', data: { userId: 'u-admin' } });
  // 배송지 관리 (issue 39): two addresses, the second made the default, the first removed.
  const homeAddress = { label: '집', recipient: '김민준', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층' };
  add(streams.addressBook('u-buyer'), { type: 'ShippingAddressSaved', data: { addressId: 'addr-1', ...homeAddress } }, actors.buyer);
  add(streams.addressBook('u-buyer'), { type: 'DefaultShippingAddressChosen', data: { addressId: 'addr-1' } }, actors.buyer);
  add(streams.addressBook('u-buyer'), { type: 'ShippingAddressSaved', data: { addressId: 'addr-2', ...homeAddress, label: '회사', addressDetail: '3층' } }, actors.buyer);
  add(streams.addressBook('u-buyer'), { type: 'DefaultShippingAddressChosen', data: { addressId: 'addr-2' } }, actors.buyer);
  add(streams.addressBook('u-buyer'), { type: 'ShippingAddressRemoved', data: { addressId: 'addr-1' } }, actors.buyer);
  add(streams.user('u-buyer'), { type: 'UserConsentsRecorded', data: { userId: 'u-buyer', termsVersion: '2026-11-23', privacyVersion: '2026-11-23', ageOver14Confirmed: true, marketing: true, marketingVersion: '2026-11-23' } });
  add(streams.user('u-buyer'), { type: 'UserSignedIn', data: { userId: 'u-buyer', method: 'password' } }, actors.buyer);
  add(streams.wallet('u-buyer'), { type: 'WelcomeBenefitsGranted', data: { points: 3000, coupon: { couponId: 'cp-1', name: '환영 쿠폰', discount: 10_000, minOrder: 100_000 } } });

  // A seller from an application (its reviewer named from the accounts), a rejected one, a store and a status change.
  const application = (applicationId: string, applicantId: string) => ({
    type: 'SellerApplicationSubmitted' as const,
    data: {
      applicationId, applicantId, applicantName: '김판매', email: `${applicantId}@example.kr`, phone: null, businessNumber: null, businessType: 'individual' as const,
      storeName: '판매네 가게', storeDescription: null, experience: null, documents: [],
    },
  });
  add(streams.user('u-seller'), { type: 'UserSellerApplicationFiled', data: { userId: 'u-seller', applicationId: 'app-1' } }, actors.seller);
  add(streams.sellerApplication('app-1'), application('app-1', 'u-seller'), actors.seller);
  add(streams.sellerApplication('app-1'), { type: 'SellerApplicationReviewStarted', data: { applicationId: 'app-1', reviewedBy: 'u-admin' } }, actors.admin);
  add(streams.sellerApplication('app-1'), { type: 'SellerApplicationApproved', data: { applicationId: 'app-1', reviewedBy: 'u-admin', reviewNotes: '서류 확인 완료', sellerId: 'u-seller' } }, actors.admin);
  add(streams.seller('u-seller'), {
    type: 'SellerOnboarded',
    data: {
      sellerId: 'u-seller', userId: 'u-seller', applicationId: 'app-1', name: '김판매', email: 'u-seller@example.kr', phone: null, businessNumber: null,
      storeName: '판매네 가게', storeDescription: null, status: 'approved',
    },
  }, actors.admin);
  add(streams.user('u-seller'), { type: 'UserRoleChanged', data: { userId: 'u-seller', from: 'user', to: 'seller', applicationId: 'app-1', sellerId: 'u-seller' } }, actors.admin);
  add(streams.seller('u-seller'), { type: 'SellerStoreOpened', data: { sellerId: 'u-seller', storeId: 'store-1', name: '판매네 폰가게', description: null, theme: 'default' } }, actors.seller);
  add(streams.user('u-fan'), { type: 'UserSellerApplicationFiled', data: { userId: 'u-fan', applicationId: 'app-2' } }, actors.fan);
  // Issue 41: this one came with a 사전승낙서 attached.
  const withPreApproval = application('app-2', 'u-fan');
  add(streams.sellerApplication('app-2'), {
    ...withPreApproval, data: { ...withPreApproval.data, preApproval: { number: 'KT-2026-0451', carrier: 'KT' as const, parentDealer: '수원대리점', validUntil: '2027-08-31', documentId: 'pad-fan' } },
  }, actors.fan);
  add(streams.sellerApplication('app-2'), { type: 'SellerApplicationRejected', data: { applicationId: 'app-2', reviewedBy: 'u-admin', reviewNotes: null } }, actors.admin);
  add(streams.user('u-fan'), { type: 'UserSellerApplicationRejected', data: { userId: 'u-fan', applicationId: 'app-2' } }, actors.admin);
  add(streams.offer('o-seller'), offer('o-seller', 'u-seller', 0), actors.seller);

  // Browsing: searches, views (a guest's and a signed-in buyer's), 찜 (the fan keeps one, drops another).
  add(streams.searchVisitor('visitor-0001', '갤럭시'), { type: 'SearchPerformed', data: { term: '갤럭시', visitorKey: 'visitor-0001' } });
  add(streams.productVisitor('galaxy-s25', 'visitor-0001'), { type: 'ProductViewed', data: { productId: 'galaxy-s25', visitorKey: 'visitor-0001' } });
  add(streams.productVisitor('galaxy-s25', 'visitor-u-buyer'), { type: 'ProductViewed', data: { productId: 'galaxy-s25', visitorKey: 'visitor-u-buyer' } }, actors.buyer);
  add(streams.wishlist('u-fan'), { type: 'WishlistItemAdded', data: { productId: 'galaxy-s25' } }, actors.fan);
  add(streams.wishlist('u-fan'), { type: 'WishlistItemAdded', data: { productId: 'iphone-17' } }, actors.fan);
  add(streams.wishlist('u-fan'), { type: 'WishlistItemRemoved', data: { productId: 'iphone-17' } }, actors.fan);

  // A cart, a checkout with stock held, and the order it placed: two lines from two sellers (the applicant's unnamed).
  const line = (itemId: string, productId: string): DomainEvent => ({
    type: 'CartItemAdded',
    data: { itemId, productId, quantity: 1, color: '블랙', storage: 256, carrier: 'SKT', joinType: '번호이동', planId: 'skt-5g', discount: 'subsidy', months: 24, unitPrice: 700_000 },
  });
  const cart = streams.cart('u-buyer');
  add(cart, line('i-1', 'o-cat'), actors.buyer);
  add(cart, line('i-2', 'o-seller'), actors.buyer);
  add(cart, line('i-3', 'o-ghost'), actors.buyer);
  add(cart, { type: 'CartItemQuantityChanged', data: { itemId: 'i-1', quantity: 2 } }, actors.buyer);
  add(cart, { type: 'CartItemChoiceChanged', data: { itemId: 'i-1', laterPlanId: 'skt-lte', cardUsed: true } }, actors.buyer);
  add(cart, { type: 'CartItemRemoved', data: { itemId: 'i-3' } }, actors.buyer);
  const orderLine = (itemId: string, productId: string, sellerId: string, sellerName: string) => ({
    itemId, productId, modelId: 'galaxy-s25', name: '갤럭시 S25', brand: 'Samsung', quantity: 1, unitPrice: 700_000, originalPrice: 1_200_000, color: '블랙', storage: 256,
    carrier: 'SKT', planId: 'skt-5g', planName: '5G 스페셜', discount: 'subsidy', months: 24, monthlyTotal: 118_000, sellerId, sellerName,
    joinType: '번호이동', payment: 'lump', monthlyDevice: 0, monthlyPlan: 89_000, ...NO_CONTRACT_TERMS,
  });
  /** `as`: the order's schema grows fields (issue 30's 개통 and monthly parts) no read model here reads. */
  const placed = (orderId: string, points: number, couponId: string | null) => {
    const total = 1_400_000 - points - (couponId ? 10_000 : 0);
    return {
      orderId, buyerId: 'u-buyer', items: [orderLine('i-1', 'o-cat', 's-cat', ''), orderLine('i-2', 'o-seller', 'u-seller', '')],
      amounts: { items: 1_400_000, discount: 0, points, coupon: couponId ? 10_000 : 0, total, payNow: total, monthlyCarrier: 178_000 },
      shipping: { recipient: '김민준', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구', addressDetail: '101호', memo: null },
      paymentMethod: 'card', couponId, activation: null,
    } as EventDataOf<'OrderPlaced'>;
  };
  add(cart, { type: 'CartCheckoutStarted', data: { orderId: 'ord-1', order: placed('ord-1', 3000, 'cp-1') } }, actors.buyer);
  add(streams.offer('o-cat'), { type: 'OfferStockReserved', data: { offerId: 'o-cat', orderId: 'ord-1', quantity: 1 } }, actors.buyer);
  add(streams.offer('o-seller'), { type: 'OfferStockReserved', data: { offerId: 'o-seller', orderId: 'ord-1', quantity: 1 } }, actors.buyer);
  add(streams.offer('o-seller'), { type: 'OfferRestocked', data: { offerId: 'o-seller', stock: 6 } }, actors.seller);
  // Issue 40: a price policy's row set the offer's conditions (요금제 유지 on skt-5g).
  add(streams.offer('o-seller'), { type: 'OfferConditionsChanged', data: { offerId: 'o-seller', conditions: { ...NO_CONDITIONS, planKeep: { planId: 'skt-5g', months: 6 } } } }, actors.admin);
  add(cart, { type: 'CartCheckedOut', data: { orderId: 'ord-1', itemIds: ['i-1', 'i-2'], order: placed('ord-1', 3000, 'cp-1') } }, actors.buyer);
  add(streams.wallet('u-buyer'), { type: 'PointsSpent', data: { orderId: 'ord-1', amount: 3000 } }, actors.buyer);
  add(streams.wallet('u-buyer'), { type: 'CouponRedeemed', data: { orderId: 'ord-1', couponId: 'cp-1' } }, actors.buyer);
  add(streams.order('ord-1'), { type: 'OrderPlaced', data: placed('ord-1', 3000, 'cp-1') }, actors.buyer);
  const paid = add(streams.order('ord-1'), { type: 'PaymentCaptured', data: { orderId: 'ord-1', method: 'card', amount: 1_387_000, approvalNumber: 'A-1' } }, actors.buyer);
  add(streams.order('ord-1'), { type: 'OrderPreparationStarted', data: { orderId: 'ord-1' } }, actors.seller);
  add(streams.order('ord-1'), { type: 'OrderShipped', data: { orderId: 'ord-1', courier: 'CJ대한통운', trackingNumber: '1234' } }, actors.seller);
  const delivered = add(streams.order('ord-1'), { type: 'OrderDelivered', data: { orderId: 'ord-1' } }, actors.seller);
  add(streams.wallet('u-buyer'), { type: 'PointsEarned', data: { orderId: 'ord-1', amount: 14_000 } });

  // A second checkout: abandoned (units put back); a third order fails to pay; a fourth is cancelled (refunded).
  add(cart, line('i-4', 'o-cat'), actors.buyer);
  add(cart, { type: 'CartCheckoutStarted', data: { orderId: 'ord-2', order: placed('ord-2', 0, null) } }, actors.buyer);
  add(streams.offer('o-cat'), { type: 'OfferStockReserved', data: { offerId: 'o-cat', orderId: 'ord-2', quantity: 1 } }, actors.buyer);
  add(cart, { type: 'CartCheckoutAbandoned', data: { orderId: 'ord-2', reason: 'out_of_stock' } }, actors.buyer);
  add(streams.offer('o-cat'), { type: 'OfferStockReleased', data: { offerId: 'o-cat', orderId: 'ord-2', quantity: 1, reason: 'checkout_abandoned' } });
  add(streams.order('ord-3'), { type: 'OrderPlaced', data: placed('ord-3', 0, null) }, actors.buyer);
  add(streams.order('ord-3'), { type: 'PaymentFailed', data: { orderId: 'ord-3', method: 'card', reason: '한도 초과' } }, actors.buyer);
  add(streams.order('ord-4'), { type: 'OrderPlaced', data: placed('ord-4', 1000, null) }, actors.buyer);
  add(streams.order('ord-4'), { type: 'OrderCancelled', data: { orderId: 'ord-4', reason: '단순 변심' } }, actors.buyer);
  add(streams.wallet('u-buyer'), { type: 'PointsRefunded', data: { orderId: 'ord-4', amount: 1000 } });
  add(streams.wallet('u-buyer'), { type: 'CouponRestored', data: { orderId: 'ord-1', couponId: 'cp-1' } });
  // s59: 판매자 취소 — the seller cannot fulfil it; the same event with who and why.
  add(streams.order('ord-4s'), { type: 'OrderPlaced', data: placed('ord-4s', 0, null) }, actors.buyer);
  add(streams.order('ord-4s'), { type: 'OrderCancelled', data: { orderId: 'ord-4s', reason: '재고 부족', by: 'seller' } }, actors.seller);
  // s59: the cancel's process refunds its payment on the order (`cancelled`); the order stays cancelled.
  add(streams.order('ord-4s'), { type: 'PaymentRefunded', data: { orderId: 'ord-4s', amount: 1_400_000, method: 'card', shippingFee: 0, cancelled: true } });
  // Issue 30: an order with 개통 (개통 준비 → 개통 완료), delivered, a 반품 approved and refunded; another 교환 refused, then 구매확정 by itself.
  const o5 = streams.order('ord-5');
  add(o5, { type: 'OrderPlaced', data: placed('ord-5', 0, null) }, actors.buyer);
  add(o5, { type: 'OrderActivationStarted', data: { orderId: 'ord-5' } }, actors.seller);
  add(o5, { type: 'OrderActivated', data: { orderId: 'ord-5', activatedOn: '2026-11-20', numberLast4: '4321' } }, actors.seller);
  add(o5, { type: 'OrderShipped', data: { orderId: 'ord-5', courier: '한진택배', trackingNumber: '987654321098' } }, actors.seller);
  // s62: the 송장 corrected while 배송중 (a mistyped number).
  add(o5, { type: 'ShipmentTrackingCorrected', data: { orderId: 'ord-5', courier: '한진택배', trackingNumber: '987654321099', previousCourier: '한진택배', previousTrackingNumber: '987654321098', reason: '송장번호 오타' } }, actors.seller);
  add(o5, { type: 'OrderDelivered', data: { orderId: 'ord-5' } }, actors.seller);
  add(o5, { type: 'OrderReturnRequested', data: { orderId: 'ord-5', returnId: 'rt-1', kind: 'return', reason: '화면 불량입니다', defective: true, photos: [] } }, actors.buyer);
  add(o5, { type: 'OrderReturnApproved', data: { orderId: 'ord-5', returnId: 'rt-1', note: null } }, actors.seller);
  // Issue 39: the 반품 comes back (택배 회수), is inspected, refunded (less nothing: defective), its unit back on sale.
  add(o5, { type: 'OrderReturnCollectionRegistered', data: { orderId: 'ord-5', returnId: 'rt-1', method: 'courier', courier: 'CJ대한통운', trackingNumber: '555566667777' } }, actors.buyer);
  add(o5, { type: 'OrderReturnInspected', data: { orderId: 'ord-5', returnId: 'rt-1', note: '불량 확인' } }, actors.seller);
  add(o5, { type: 'PaymentRefunded', data: { orderId: 'ord-5', amount: 1_400_000, method: 'card', shippingFee: 0, returnId: 'rt-1' } });
  add(streams.offer('o-cat'), { type: 'OfferStockReleased', data: { offerId: 'o-cat', orderId: 'ord-5', quantity: 1, reason: 'order_returned' } });
  const o6 = streams.order('ord-6');
  add(o6, { type: 'OrderPlaced', data: placed('ord-6', 0, null) }, actors.buyer);
  add(o6, { type: 'OrderShipped', data: { orderId: 'ord-6', courier: 'CJ대한통운', trackingNumber: '123456789012' } }, actors.seller);
  add(o6, { type: 'OrderDelivered', data: { orderId: 'ord-6', receivedBy: 'buyer' } }, actors.buyer);
  add(o6, { type: 'OrderReturnRequested', data: { orderId: 'ord-6', returnId: 'rt-2', kind: 'exchange', reason: '색상을 바꾸고 싶어요', defective: false, photos: [] } }, actors.buyer);
  add(o6, { type: 'OrderReturnRejected', data: { orderId: 'ord-6', returnId: 'rt-2', note: '개봉 후 교환은 어렵습니다' } }, actors.seller);
  add(o6, { type: 'OrderConfirmed', data: { orderId: 'ord-6', automatic: true } });

  // Reviews and Q&A: the buyer reviews the applicant's line, the applicant answers from their store; a question and its answer.
  add(streams.orderReviews('ord-1'), {
    type: 'ReviewWritten',
    data: { reviewId: 'rv-1', orderId: 'ord-1', itemId: 'i-2', line: 1, productId: 'galaxy-s25', authorId: 'u-buyer', rating: 5, content: '배송이 빠르고 상태가 좋아요', photos: [] },
  }, actors.buyer);
  add(streams.reviewPhoto('rp-1'), { type: 'ReviewPhotoUploaded', data: { photoId: 'rp-1', orderId: 'ord-1', authorId: 'u-buyer', contentType: 'image/webp', width: 2, height: 2, data: 'UklGRg==' } }, actors.buyer);
  add(streams.orderReviews('ord-1'), { type: 'ReviewAnswered', data: { reviewId: 'rv-1', answererId: 'u-seller', answererRole: 'seller', content: '감사합니다' } }, actors.seller);
  // Shop reviews (issue 41): the buyer of the confirmed ord-6 reviews its shop, the shop answers, an admin hides it.
  const shopReviews = streams.shopReviews('order', 'ord-6');
  const shopStars = { kindness: 5, speed: 4, conditions: 2 };
  add(shopReviews, {
    type: 'ShopReviewWritten', data: { reviewId: 'order~ord-6~u-seller', kind: 'order', orderId: 'ord-6', sellerId: 'u-seller', authorId: 'u-buyer', stars: shopStars, content: '친절했지만 조건이 달랐어요' },
  }, actors.buyer);
  add(shopReviews, { type: 'ShopReviewAnswered', data: { reviewId: 'order~ord-6~u-seller', sellerId: 'u-seller', content: '다음에는 더 잘하겠습니다' } }, actors.seller);
  add(shopReviews, { type: 'ShopReviewHidden', data: { reviewId: 'order~ord-6~u-seller', sellerId: 'u-seller', authorId: 'u-buyer', stars: shopStars, reason: '개인정보 포함' } }, actors.admin);
  // A 신고 of the applicant's offer (issue 41), resolved by an admin: the listing suspended.
  const reportTarget = { kind: 'offer' as const, id: 'o-seller', parentId: null, sellerId: 'u-seller', label: '판매 상품 galaxy-s25 256GB SKT' };
  add(streams.report('rp-1'), { type: 'ReportFiled', data: { reportId: 'rp-1', reporterId: 'u-buyer', target: reportTarget, reason: 'payback', text: '현금 페이백을 약속했어요' } }, actors.buyer);
  add(streams.report('rp-1'), { type: 'ReportResolved', data: { reportId: 'rp-1', reporterId: 'u-buyer', target: reportTarget, outcome: 'listingSuspended', note: '페이백 약속 확인' } }, actors.admin);
  // Issue 41 scam guard: a chat line held then released, a store page held then rejected.
  const heldChat = { stream: 'chatSession-chat-1', command: { type: 'PostChatMessage', requester: { userId: 'u-buyer', visitorKey: null, role: 'user', name: '민수' }, content: '현금 페이백 되나요?' } };
  add(streams.heldText('ht-1'), { type: 'TextHeld', data: { heldId: 'ht-1', kind: 'chatLine', authorId: 'u-buyer', label: '채팅 메시지 · 상담 chat-1', text: '현금 페이백 되나요?', words: ['현금 페이백'], target: heldChat } }, actors.buyer);
  add(streams.heldText('ht-1'), { type: 'HeldTextReleased', data: { heldId: 'ht-1', kind: 'chatLine', authorId: 'u-buyer', label: '채팅 메시지 · 상담 chat-1', target: heldChat } }, actors.admin);
  add(streams.heldText('ht-2'), { type: 'TextHeld', data: { heldId: 'ht-2', kind: 'storePage', authorId: 'u-seller', label: '매장 소개 · 폰가게', text: '위약금 대납', words: ['대납'], target: { stream: 'seller-u-seller', command: { type: 'UpdateStore' } } } }, actors.seller);
  add(streams.heldText('ht-2'), { type: 'HeldTextRejected', data: { heldId: 'ht-2', kind: 'storePage', authorId: 'u-seller', label: '매장 소개 · 폰가게', reason: '대납 약속' } }, actors.admin);
  // Issue 41 사전승낙서: the seller's picture, one rejected, one verified, noticed and run out.
  add(streams.preApprovalDocument('pad-1'), { type: 'PreApprovalDocumentUploaded', data: { documentId: 'pad-1', sellerId: 'u-seller', contentType: 'image/webp', width: 10, height: 14, data: 'UklGRg==' } }, actors.seller);
  const preApprovalFields = { number: 'SKT-2026-0001', carrier: 'SKT' as const, parentDealer: '강남대리점', validUntil: '2027-01-31' };
  add(streams.preApproval('u-seller'), { type: 'PreApprovalSubmitted', data: { sellerId: 'u-seller', submissionId: 'pa-1', ...preApprovalFields, documentId: 'pad-1' } }, actors.seller);
  add(streams.preApproval('u-seller'), { type: 'PreApprovalRejected', data: { sellerId: 'u-seller', submissionId: 'pa-1', reason: '사진이 흐립니다' } }, actors.admin);
  add(streams.preApproval('u-seller'), { type: 'PreApprovalSubmitted', data: { sellerId: 'u-seller', submissionId: 'pa-2', ...preApprovalFields, documentId: 'pad-1' } }, actors.seller);
  add(streams.preApproval('u-seller'), { type: 'PreApprovalVerified', data: { sellerId: 'u-seller', submissionId: 'pa-2', ...preApprovalFields } }, actors.admin);
  add(streams.preApproval('u-seller'), { type: 'PreApprovalExpiryNoticed', data: { sellerId: 'u-seller', submissionId: 'pa-2', validUntil: '2027-01-31' } });
  add(streams.preApproval('u-seller'), { type: 'PreApprovalExpired', data: { sellerId: 'u-seller', submissionId: 'pa-2', validUntil: '2027-01-31' } });
  add(streams.safeTradeDocument('std-1'), { type: 'SafeTradeDocumentUploaded', data: { documentId: 'std-1', sellerId: 'u-seller', contentType: 'image/webp', width: 14, height: 10, data: 'UklGRg==' } }, actors.seller);
  const safeTradeFields = { number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01' };
  add(streams.safeTrade('u-seller'), { type: 'SafeTradeSubmitted', data: { sellerId: 'u-seller', submissionId: 'st-1', ...safeTradeFields, documentId: 'std-1' } }, actors.seller);
  add(streams.safeTrade('u-seller'), { type: 'SafeTradeRejected', data: { sellerId: 'u-seller', submissionId: 'st-1', reason: '번호가 사진과 다릅니다' } }, actors.admin);
  add(streams.safeTrade('u-seller'), { type: 'SafeTradeSubmitted', data: { sellerId: 'u-seller', submissionId: 'st-2', ...safeTradeFields, documentId: 'std-1' } }, actors.seller);
  add(streams.safeTrade('u-seller'), { type: 'SafeTradeVerified', data: { sellerId: 'u-seller', submissionId: 'st-2', ...safeTradeFields } }, actors.admin);
  add(streams.safeTrade('u-seller'), { type: 'SafeTradeExpired', data: { sellerId: 'u-seller', submissionId: 'st-2', validUntil: '2027-06-01' } });
  // Issue 41 내구제: the buyer's third line in 30 days (confirmed), so the admins' list has an account.
  add(streams.buyerLines('u-buyer'), { type: 'BuyerLinesReserved', data: { buyerId: 'u-buyer', orderId: 'ord-6', lines: 1, reservedAt: '2026-11-20T08:59:00.000Z', confirmed: true } });
  add(streams.buyerLines('u-buyer'), { type: 'BuyerLinesReserved', data: { buyerId: 'u-buyer', orderId: 'ord-7', lines: 1, reservedAt: '2026-11-20T08:59:30.000Z', confirmed: true } });
  add(streams.buyerLines('u-buyer'), { type: 'BuyerLinesReleased', data: { buyerId: 'u-buyer', orderId: 'ord-7' } });
  add(streams.buyerLines('u-buyer'), { type: 'BuyerLinesOpened', data: { buyerId: 'u-buyer', orderId: 'ord-6', lines: 1, openedAt: '2026-11-20T09:00:00.000Z', recentLines: 3 } });
  add(streams.question('q-1'), { type: 'QuestionAsked', data: { questionId: 'q-1', productId: 'galaxy-s25', authorId: 'u-fan', content: '자급제 모델도 있나요? '.repeat(4), secret: false } }, actors.fan);
  add(streams.question('q-1'), { type: 'QuestionAnswered', data: { questionId: 'q-1', answererId: 'u-admin', answererRole: 'admin', content: '있습니다' } }, actors.admin);

  // The applicant's store (issue 29): a logo uploaded, then saved with a new name, look and business information.
  add(streams.storeImage('img-1'), {
    type: 'StoreImageUploaded', data: { imageId: 'img-1', sellerId: 'u-seller', kind: 'logo', contentType: 'image/webp', width: 400, height: 400, data: 'UklGRiQAAABXRUJQ' },
  }, actors.seller);
  add(streams.seller('u-seller'), { type: 'SellerStoreRenamed', data: { sellerId: 'u-seller', storeId: 'store-1', from: '판매네 폰가게', to: '판매네 폰가게 본점' } }, actors.seller);
  add(streams.seller('u-seller'), {
    type: 'StoreProfileChanged',
    data: {
      sellerId: 'u-seller', storeId: 'store-1', changes: { logoImageId: 'img-1', theme: 'blue', businessHours: { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null } },
      previous: { logoImageId: null, theme: 'default', businessHours: null },
    },
  }, actors.seller);
  add(streams.seller('u-seller'), {
    type: 'SellerBusinessInfoChanged',
    data: { sellerId: 'u-seller', changes: { businessNumber: '220-81-62517', mailOrderNumber: '제2026-서울강남-01234호' }, previous: { businessNumber: null, mailOrderNumber: null } },
  }, actors.seller);

  // Prices: the applicant's offer gets cheaper (the fan's 찜 hears of it), then dearer (nobody does); availability flips.
  add(streams.offer('o-seller'), { type: 'OfferPriceChanged', data: { offerId: 'o-seller', price: 1_100_000, extraSubsidy: 50_000, effectiveAt: at(200) } }, actors.seller);
  add(streams.offer('o-seller'), { type: 'OfferPriceChanged', data: { offerId: 'o-seller', price: 1_150_000, extraSubsidy: 50_000, effectiveAt: at(210) } }, actors.seller);
  add(streams.offer('o-ghost'), { type: 'OfferPriceChanged', data: { offerId: 'o-ghost', price: 1, extraSubsidy: 0, effectiveAt: at(210) } });
  add(streams.offer('o-seller'), { type: 'OfferDeactivated', data: { offerId: 'o-seller' } }, actors.seller);
  add(streams.offer('o-seller'), { type: 'OfferReactivated', data: { offerId: 'o-seller' } }, actors.seller);

  // Support: an inquiry answered, a knowledge entry through its life, a chat from bot to agent.
  const inquiry = streams.inquiry('inq-1');
  add(inquiry, { type: 'InquirySubmitted', data: { inquiryId: 'inq-1', userId: 'u-buyer', category: '주문배송', title: '배송 언제 오나요', content: '주문한 폰이 아직이에요', priority: '보통' } }, actors.buyer);
  add(inquiry, { type: 'InquiryStatusChanged', data: { status: '처리중', assignedTo: 'u-admin' } }, actors.admin);
  add(inquiry, { type: 'InquiryAnswered', data: { resolutionNote: '오늘 출발합니다', assignedTo: 'u-admin' } }, actors.admin);
  const entry = streams.knowledgeEntry('kb-1');
  const entryFields = { category: '배송', question: '배송은 얼마나 걸리나요?', answer: '2~3일', keywords: ['배송'], requiresAuth: false, roles: [], sourceInquiryId: null };
  add(entry, { type: 'KnowledgeEntryCreated', data: { entryId: 'kb-1', ...entryFields, status: '대기' } }, actors.admin);
  add(entry, { type: 'KnowledgeEntryEdited', data: { ...entryFields, answer: '보통 2~3일 걸립니다' } }, actors.admin);
  add(entry, { type: 'KnowledgeEntryReviewed', data: { status: '승인', reviewedBy: 'u-admin' } }, actors.admin);
  add(entry, { type: 'KnowledgeEntryActivationChanged', data: { isActive: true } }, actors.admin);
  add(entry, { type: 'KnowledgeEntryUsed', data: { sessionId: 'chat-1' } });
  const chat = streams.chatSession('chat-1');
  add(chat, { type: 'ChatSessionStarted', data: { sessionId: 'chat-1', userId: 'u-buyer', visitorKey: null, customerName: '민준', tags: [] } }, actors.buyer);
  add(chat, {
    type: 'ChatTurnLogged',
    data: { logId: 'log-1', userQuestion: '배송 얼마나 걸려요?', botAnswer: '보통 2~3일 걸립니다', knowledgeId: 'kb-1', responseTime: 12, resolved: false, satisfactionScore: null, tags: [] },
  }, actors.buyer);
  add(chat, { type: 'ChatTurnRated', data: { logId: 'log-1', knowledgeId: 'kb-1', satisfactionScore: 4 } }, actors.buyer);
  add(chat, { type: 'ChatSessionEscalated', data: { reason: '상담원 요청' } }, actors.buyer);
  add(chat, { type: 'ChatSessionAssigned', data: { agentId: 'u-admin', agentName: '관리' } }, actors.admin);
  add(chat, { type: 'ChatMessagePosted', data: { messageId: 'm-1', from: 'agent', authorId: 'u-admin', authorName: '관리', content: '확인해드릴게요' } }, actors.admin);
  add(chat, { type: 'ChatSessionEnded', data: { endTime: at(400), satisfactionScore: 5, resolved: true } }, actors.buyer);
  add(chat, { type: 'ChatSessionClosed', data: { closedBy: 'agent' } }, actors.admin);

  // The buyer reads one notification by id, one by its old id shape, then all; accounts change; thumbnails; keys; processes.
  add(streams.notificationReads('u-buyer'), { type: 'NotificationRead', data: { notificationId: notificationId(paid.stream, paid.event.id, 'u-buyer') } }, actors.buyer);
  add(streams.notificationReads('u-buyer'), { type: 'NotificationRead', data: { notificationId: `${delivered.event.id}~u-buyer` } }, actors.buyer);
  add(streams.notificationReads('u-fan'), { type: 'AllNotificationsRead', data: { before: at(1_000) } }, actors.fan);
  add(streams.user('u-fan'), { type: 'UserSuspended', data: { userId: 'u-fan', reason: '신고 누적' } }, actors.admin);
  add(streams.user('u-fan'), { type: 'UserReactivated', data: { userId: 'u-fan', reason: null } }, actors.admin);
  add(streams.storeName('name-hash-1'), { type: 'StoreNameReserved', data: { holderId: 'u-seller', name: '셀러폰' } }, actors.seller);
  add(streams.storeName('name-hash-1'), { type: 'StoreNameReleased', data: { holderId: 'u-seller' } }, actors.seller);
  add(streams.storeName('existing'), { type: 'ExistingStoreNamesReserved', data: { stores: 2, skipped: ['u-other'] } });
  add(streams.seller('u-seller'), { type: 'SellerStatusChanged', data: { sellerId: 'u-seller', from: 'approved', to: 'suspended', reason: '점검' } }, actors.admin);
  add(streams.adminRoster(), { type: 'ActiveAdminRemoved', data: { userId: 'u-admin' } }, actors.admin);
  const thumbnail = { thumbnailId: 'th-1', brandName: 'Samsung', modelName: '갤럭시 S25', thumbnailUrl: '/t.png', sourceUrl: null, description: null };
  add(streams.phoneThumbnail('th-1'), { type: 'PhoneThumbnailAdded', data: thumbnail }, actors.admin);
  add(streams.phoneThumbnail('th-1'), { type: 'PhoneThumbnailUpdated', data: { ...thumbnail, description: '새 사진' } }, actors.admin);
  add(streams.phoneThumbnail('th-1'), { type: 'PhoneThumbnailRemoved', data: { thumbnailId: 'th-1' } }, actors.admin);
  add(streams.idempotencyKey('scope-1'), { type: 'IdempotencyKeyClaimed', data: { fingerprint: 'f'.repeat(32), method: 'POST', path: '/api/cart/items' } }, actors.buyer);
  add(streams.processSweep(), { type: 'ProcessSweepCheckpointed', data: { position: '1' } });
  add(streams.scheduler(), { type: 'SchedulerCheckpointed', data: { position: '1' } });
  // The process runner (ADR 022): a timer scheduled and fired, a failure, its 재시도 and resolution.
  const work = { process: 'orderAfterDelivery', triggerId: 'ev-1', triggerStream: 'order-o-1', triggerType: 'OrderDelivered', step: 'timer0' };
  add(streams.processTimers(), { type: 'ProcessTimerScheduled', data: { ...work, key: 'orderAfterDelivery|ev-1|timer0', dueAt: '2026-01-08T00:00:00.000Z' } });
  add(streams.processTimers(), { type: 'ProcessTimerFired', data: { key: 'orderAfterDelivery|ev-1|timer0' } });
  add(streams.processCatchUp(), { type: 'ProcessCaughtUp', data: { process: 'orderCancel', version: 2, through: '0' } });
  add(streams.processFailure('pf-1'), { type: 'ProcessFailed', data: { ...work, failureId: 'pf-1', error: 'SQLITE_BUSY', attempts: 5, timerKey: 'orderAfterDelivery|ev-1|timer0' } });
  add(streams.processFailure('pf-1'), { type: 'ProcessRetryRequested', data: { failureId: 'pf-1' } }, actors.admin);
  add(streams.processFailure('pf-1'), { type: 'ProcessFailureResolved', data: { failureId: 'pf-1' } });

  // Site settings (issue 29): a save of each section, then a notification mailed and one that failed.
  const siteSettings = streams.siteSettings();
  const site = {
    companyName: '폰마켓', representative: '홍길동', businessNumber: '220-81-62517', mailOrderNumber: '제2026-서울강남-01234호', mailOrderAuthority: '서울특별시 강남구청',
    address: '서울특별시 강남구 테헤란로 1', phone: '1588-1234', email: 'help@phonemarket.kr', privacyOfficer: '김보안', hostingProvider: '폰마켓 클라우드',
  };
  add(siteSettings, { type: 'SiteSettingsChanged', data: { section: 'site', values: site, changes: [{ field: 'companyName', from: '', to: '폰마켓' }] } }, actors.admin);
  add(siteSettings, {
    type: 'SiteSettingsChanged',
    data: { section: 'security', values: { sessionIdleMinutes: 20, sessionAbsoluteHours: 12, maxSignInFailures: 5, maxSignInFailuresPerAddress: 20, signInLockMinutes: 15 }, changes: [{ field: 'sessionIdleMinutes', from: 30, to: 20 }] },
  }, actors.admin);
  add(siteSettings, {
    type: 'SiteSettingsChanged',
    data: {
      section: 'email', values: { enabled: true, host: 'smtp.phonemarket.kr', port: 587, security: 'starttls', username: 'mailer', fromName: '폰마켓', fromAddress: 'no-reply@phonemarket.kr' },
      sealedPassword: 'v1.aaaa.bbbb.cccc', changes: [{ field: 'enabled', from: false, to: true }, { field: 'password', from: null, to: null, secret: true }],
    },
  }, actors.admin);
  add(siteSettings, {
    type: 'SiteSettingsChanged',
    data: { section: 'notifications', values: { inApp: { order: true, promotion: false, review: true, system: true, quote: true }, email: { order: true, answer: false, priceAlert: true } }, changes: [{ field: 'inApp.promotion', from: true, to: false }] },
  }, actors.admin);
  add(siteSettings, {
    type: 'SiteSettingsChanged',
    data: { section: 'payment', values: { methods: { card: true, transfer: true, deposit: false }, cardLimit: 5_000_000 }, changes: [{ field: 'methods.deposit', from: true, to: false }] },
  }, actors.admin);
  const mailed = streams.notificationEmail(paid.event.id, 'u-buyer');
  add(mailed, { type: 'NotificationEmailDispatched', data: { userId: 'u-buyer', kind: 'order', causeStream: paid.stream, causeEventId: paid.event.id, subject: '[폰마켓] 주문이 완료되었습니다' } });
  add(mailed, { type: 'NotificationEmailFailed', data: { reason: 'connect ECONNREFUSED' } });

  // Messaging channels (issue 27): a channel, two deliveries (a copy and a link), one reviewed and approved, one rejected, the channel turned off.
  add(streams.channel('kt-policy'), {
    type: 'ChannelRegistered',
    data: { channelId: 'kt-policy', channelName: 'KT 정책방', description: null, isActive: true, autoProcessImages: true, allowedImageTypes: ['image/png'], keySalt: 'salt-salt-salt-salt', apiKeyHash: 'a'.repeat(64) },
  }, actors.admin);
  const image = { contentType: 'image/png', bytes: 10, width: 2, height: 2, data: 'UklGRg==', sourceUrl: null };
  add(streams.imageBatch('b-1'), { type: 'ImageBatchQueued', data: { batchId: 'b-1', channelId: 'kt-policy', deliveryId: 'd-1', userId: null, message: '정책', source: 'webhook', images: [{ imageId: 'b-1-1', ...image }], autoProcess: false } });
  add(streams.imageBatch('b-2'), {
    type: 'ImageBatchQueued',
    data: { batchId: 'b-2', channelId: 'kt-policy', deliveryId: 'd-2', userId: null, message: null, source: 'webhook', images: [{ imageId: 'b-2-1', contentType: null, bytes: null, width: null, height: null, data: null, sourceUrl: 'https://example.kr/p.png' }], autoProcess: true },
  });
  add(streams.imageBatch('b-2'), { type: 'ImageBatchProcessed', data: { batchId: 'b-2', processedBy: 'system', processingResult: { imageCount: 0, linkCount: 1, totalBytes: 0, maxWidth: null, maxHeight: null, contentTypes: [] }, note: null } });
  add(streams.imageBatch('b-1'), { type: 'ImageBatchReviewStarted', data: { batchId: 'b-1', note: null } }, actors.admin);
  add(streams.imageBatch('b-1'), { type: 'ImageBatchApproved', data: { batchId: 'b-1', note: '확인' } }, actors.admin);
  add(streams.imageBatch('b-2'), { type: 'ImageBatchRejected', data: { batchId: 'b-2', note: '흐림' } }, actors.admin);
  add(streams.channel('kt-policy'), { type: 'ChannelSettingsChanged', data: { channelId: 'kt-policy', autoProcessImages: false, allowedImageTypes: ['image/png', 'image/jpeg'] } }, actors.admin);
  add(streams.channel('kt-policy'), { type: 'ChannelActiveChanged', data: { channelId: 'kt-policy', isActive: false } }, actors.admin);

  // Carrier terms (issue 27): a seeded table of the catalogue's offer's terms, a 공시지원금 and a 출고가 change (the offer is re-priced).
  const terms = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
  add(streams.subsidyTable(terms), { type: 'SubsidyTableSeeded', data: { ...terms, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] } }, actors.admin);
  add(streams.subsidyTable(terms), {
    type: 'SubsidySet', data: { ...terms, planId: 'skt-5g', subsidy: 550_000, previous: 500_000, validFrom: '2026-11-20', validUntil: null, source: { kind: 'admin', ref: null } },
  }, actors.admin);
  const later = { ...terms, planId: 'skt-5g', subsidy: 620_000, validFrom: '2026-12-01' };
  add(streams.subsidyTable(terms), { type: 'SubsidyScheduled', data: { ...later, validUntil: null, source: { kind: 'admin', ref: null } } }, actors.admin);
  add(streams.subsidyTable(terms), { type: 'SubsidyScheduleCancelled', data: later }, actors.admin);
  add(streams.releasePrice(terms), { type: 'ReleasePriceSet', data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'csv', ref: null } } }, actors.admin);
  // Sellers' own listings (issue 27): a picture, a listing, a change of its price and toggle.
  add(streams.sellerProductImage('spi-1'), { type: 'SellerProductImageUploaded', data: { imageId: 'spi-1', sellerId: 'u-seller', contentType: 'image/webp', width: 2, height: 2, data: 'UklGRg==' } }, actors.seller);
  const listing = {
    title: '갤럭시 S25 거의새것', description: '', price: 700_000, originalPrice: null, category: 'smartphone', brand: 'Samsung', model: 'galaxy-s25', storage: 256,
    condition: 'like-new' as const, batteryHealth: 91, warranty: '판매자 보증 30일', returnPolicy: '수령 후 7일 이내 단순 변심 반품 가능 (왕복 배송비 구매자 부담)', images: ['/images/seller-products/spi-1.webp'], specifications: {}, stock: 2, isActive: true, featured: false, conditions: NO_CONDITIONS,
  };
  add(streams.sellerProduct('sp-1'), { type: 'SellerProductCreated', data: { productId: 'sp-1', sellerId: 'u-seller', storeId: 'store-u-seller', offerId: 'sp-sp-1', ...listing } }, actors.seller);
  add(streams.sellerProduct('sp-1'), { type: 'SellerProductUpdated', data: { productId: 'sp-1', ...listing, price: 650_000, isActive: false, changed: ['price', 'isActive'] } }, actors.seller);
  // Price policies (issue 27): one drafted from the batch, approved, reverted; another approved and expired.
  const policyRow = { ...terms, planId: 'skt-5g', subsidy: 600_000 };
  const appliedRow = { ...policyRow, previous: { subsidy: 550_000, validFrom: '2026-11-20', validUntil: null } };
  for (const [policyId, end] of [['pp-1', 'reverted'], ['pp-2', 'expired']] as const) {
    const policy = streams.pricePolicy(policyId);
    add(policy, { type: 'PricePolicyDrafted', data: { policyId, sourceImageBatchId: 'b-1', policyName: '11월 정책', description: null, validFrom: '2026-11-20', validUntil: '2026-11-30', rows: [policyRow], shopRows: [{ offerId: 'o-cat', extraSubsidy: 90_000, conditions: null }], finalPriceRows: [{ offerId: 'o-cat', planId: 'skt-5g', finalPrice: 0, conditions: null }] } }, actors.admin);
    add(policy, {
      type: 'PricePolicyApproved',
      data: {
        policyId, applicationId: `${policyId}-a`, rows: [appliedRow],
        shopRows: [
          { offerId: 'o-cat', extraSubsidy: 90_000, previous: { price: 1_200_000, extraSubsidy: 100_000, conditions: null }, finalPrice: null, planId: null, conditions: null },
          { offerId: 'o-cat', extraSubsidy: 600_000, previous: { price: 1_200_000, extraSubsidy: 90_000, conditions: null }, finalPrice: 0, planId: 'skt-5g', conditions: null },
        ],
      },
    }, actors.admin);
    add(policy, end === 'reverted'
      ? { type: 'PricePolicyReverted', data: { policyId, applicationId: `${policyId}-a`, reason: '오류' } }
      : { type: 'PricePolicyExpired', data: { policyId, applicationId: `${policyId}-a` } }, actors.admin);
  }
  // Approved before their first day: one reverted before it (nothing applied), one failed on its day.
  for (const [policyId, end] of [['pp-3', 'reverted'], ['pp-4', 'failed']] as const) {
    const policy = streams.pricePolicy(policyId);
    add(policy, { type: 'PricePolicyDrafted', data: { policyId, sourceImageBatchId: 'b-1', policyName: '12월 정책', description: null, validFrom: '2026-12-01', validUntil: '2026-12-31', rows: [policyRow], shopRows: [], finalPriceRows: [] } }, actors.admin);
    add(policy, { type: 'PricePolicyScheduled', data: { policyId, validFrom: '2026-12-01' } }, actors.admin);
    add(policy, end === 'reverted'
      ? { type: 'PricePolicyReverted', data: { policyId, applicationId: null, reason: '취소' } }
      : { type: 'PricePolicyApplicationFailed', data: { policyId, reasons: ['판매점 상품을 찾을 수 없습니다.'] } }, actors.admin);
  }

  // Quote matching (issue 25): a request filed and opened, two sealed offers (one revised), closing soon, closed, one accepted into an
  // order (the other declined); a second request cancelled, a third with an offer that lapsed and the request expired.
  const quoteRequest = (requestId: string) => ({
    requestId, buyerId: 'u-buyer', modelId: 'galaxy-s25', modelName: '갤럭시 S25', brand: 'Samsung', storage: 256, color: null, carrier: 'SKT' as const,
    joinType: '번호이동' as const, plan: 'premium' as const, budget: '100-150' as const, discount: 'any' as const, name: '김민준', phone_number: '010-1234-5678',
    email: null, region: '서울', openHours: 24 as const, createdAt: at(400), closesAt: at(400 + 24 * 60), decideBy: at(400 + 72 * 60),
  });
  const quoteFigures = { discount: 'subsidy' as const, months: 24, devicePrice: 1_200_000, subsidy: 400_000, extraSubsidy: 100_000, principal: 700_000, monthlyDevice: 31_000, planFee: 89_000, planDiscount: 0, monthlyPlan: 89_000, monthlyTotal: 120_000, totalCost: 2_880_000 };
  const quoteTerms = (extraSubsidy: number, totalCost: number) => ({
    storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId: 'skt-5g', planName: '5G 스페셜', discount: 'subsidy' as const, months: 24 as const, extraSubsidy,
    planKeepMonths: 6, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }], cardRequired: false, tradeInRequired: false, note: null,
    figures: { ...quoteFigures, extraSubsidy }, cost24: totalCost - 9_900, addOnCost: 9_900, totalCost, sourceOfferId: 'o-cat',
    conditions: { ...NO_CONDITIONS, planKeep: { planId: 'skt-5g', months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }] },
  });
  const quoteBuyer = streams.quoteBuyer('u-buyer');
  const q1 = streams.quoteRequest('q-1');
  for (const id of ['q-1', 'q-2', 'q-3']) add(quoteBuyer, { type: 'QuoteRequestFiled', data: { request: quoteRequest(id) } }, actors.buyer);
  for (const id of ['q-1', 'q-2', 'q-3']) add(streams.quoteRequest(id), { type: 'QuoteRequestOpened', data: quoteRequest(id) }, actors.buyer);
  const quoteNotice = { buyerId: 'u-buyer', modelName: '갤럭시 S25' };
  add(q1, { type: 'QuoteOfferSubmitted', data: { requestId: 'q-1', offerId: 'qo-1', seller: { id: 'u-seller', storeName: '셀러폰', rating: 0, deals: 0 }, terms: quoteTerms(100_000, 2_889_900), validUntil: at(400 + 72 * 60), ...quoteNotice, first: true, best: false, offerCount: 1, bestTotalCost: 2_889_900 } }, actors.seller);
  add(q1, { type: 'QuoteOfferSubmitted', data: { requestId: 'q-1', offerId: 'qo-2', seller: { id: 's-cat', storeName: '카탈로그폰', rating: 4.5, deals: 10 }, terms: quoteTerms(150_000, 2_850_000), validUntil: at(400 + 72 * 60), ...quoteNotice, first: false, best: true, offerCount: 2, bestTotalCost: 2_850_000 } });
  add(q1, { type: 'QuoteOfferRevised', data: { requestId: 'q-1', offerId: 'qo-1', sellerId: 'u-seller', terms: quoteTerms(200_000, 2_800_000), validUntil: at(400 + 72 * 60), revision: 1, ...quoteNotice, first: false, best: true, offerCount: 2, bestTotalCost: 2_800_000 } }, actors.seller);
  add(q1, { type: 'QuoteRequestClosingSoon', data: { requestId: 'q-1', ...quoteNotice, offerCount: 2 } });
  add(q1, { type: 'QuoteRequestClosed', data: { requestId: 'q-1', ...quoteNotice, offerCount: 2 } });
  const quoteOrder = { ...placed('q-ord-1', 0, null), orderId: 'q-ord-1', items: [{ ...orderLine('quote-qo-1', 'o-cat', 'u-seller', '셀러폰'), payment: 'installment' as const, monthlyDevice: 31_000 }] } as EventDataOf<'OrderPlaced'>;
  add(q1, { type: 'QuoteRequestAccepted', data: { requestId: 'q-1', buyerId: 'u-buyer', modelName: '갤럭시 S25', offerId: 'qo-1', winner: { sellerId: 'u-seller', totalCost: 2_800_000 }, declined: [{ offerId: 'qo-2', sellerId: 's-cat', rank: 2 }], orderId: 'q-ord-1', order: quoteOrder } }, actors.buyer);
  add(streams.order('q-ord-1'), { type: 'OrderPlaced', data: quoteOrder }, actors.buyer);
  add(quoteBuyer, { type: 'QuoteRequestSlotFreed', data: { requestId: 'q-1' } }, actors.buyer);
  add(streams.quoteRequest('q-2'), { type: 'QuoteRequestCancelled', data: { requestId: 'q-2', ...quoteNotice, offerCount: 0 } }, actors.buyer);
  add(streams.quoteRequest('q-3'), { type: 'QuoteOfferSubmitted', data: { requestId: 'q-3', offerId: 'qo-3', seller: { id: 'u-seller', storeName: '셀러폰', rating: 0, deals: 0 }, terms: quoteTerms(0, 2_990_000), validUntil: at(400 + 72 * 60), ...quoteNotice, first: true, best: false, offerCount: 1, bestTotalCost: 2_990_000 } }, actors.seller);
  add(streams.quoteRequest('q-3'), { type: 'QuoteOfferExpired', data: { requestId: 'q-3', offerId: 'qo-3' } });
  add(streams.quoteRequest('q-3'), { type: 'QuoteRequestExpired', data: { requestId: 'q-3', ...quoteNotice, offerCount: 1 } });

  // 중고폰 매입 (issue 26): a shop's grid saved twice, quotes (one refused, one expired), a deal countered, declined and returned,
  // one inspected late and paid in points (the wallet's PointsEarned), one countered and accepted, one expired before handover.
  const bbTerms = { prices: { S: 520_000, A: 480_000, B: 420_000, C: 300_000, D: 120_000 }, deductions: [{ code: 'camera' as const, amount: 60_000 }] };
  const bbRows = [{ modelId: 'galaxy-s25', storage: 256, grade: 'B' as const, price: 420_000 }];
  add(streams.buybackPrices(), { type: 'BuybackPricesReplaced', data: { shopId: 'u-seller', items: bbRows, deductions: [], added: 1, removed: 0, changed: 0, deductionsChanged: false } }, actors.seller);
  add(streams.buybackPrices(), { type: 'BuybackPricesReplaced', data: { shopId: 'u-seller', items: bbRows, deductions: bbTerms.deductions, added: 0, removed: 0, changed: 0, deductionsChanged: true } }, actors.seller);
  const bbQuote = (quoteId: string, refused: boolean) => ({
    quoteId, userId: 'u-buyer', sellerName: '김민준', modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, answers: { scratches: true, lostStolen: refused },
    batteryHealth: 91, imeiLast4: '1234', grade: 'B' as const, declared: [], best: refused ? null : { shopId: 'u-seller', storeName: '셀러폰', price: 420_000 }, runnerUp: null,
    terms: refused ? null : bbTerms, refused: refused ? ('lost_stolen' as const) : null, validUntil: at(10_080 + 700),
  });
  for (const [q, refused] of [['bq-1', false], ['bq-2', false], ['bq-3', false], ['bq-4', false], ['bq-5', true], ['bq-6', false]] as const) add(streams.buybackQuote(q), { type: 'BuybackQuoted', data: bbQuote(q, refused) }, actors.buyer);
  add(streams.buybackQuote('bq-6'), { type: 'BuybackQuoteExpired', data: { quoteId: 'bq-6' } });
  const bbOrder = (n: number, payout: 'points' | 'bank') => {
    const orderId = `bo-${n}`;
    const bank = payout === 'bank' ? { bankName: '국민은행', accountMasked: '***-***-**9012', accountSealed: 'v1.iv.tag.data', holder: '김민준' } : null;
    add(streams.buybackQuote(`bq-${n}`), { type: 'BuybackQuoteAccepted', data: { quoteId: `bq-${n}`, orderId, handover: 'parcel', payout, bank } }, actors.buyer);
    add(streams.buybackOrder(orderId), {
      type: 'BuybackOrderPlaced',
      data: {
        orderId, quoteId: `bq-${n}`, userId: 'u-buyer', sellerName: '김민준', shopId: 'u-seller', storeName: '셀러폰', modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256,
        grade: 'B', declared: [], quotedPrice: 420_000, terms: bbTerms, handover: 'parcel', payout, bank, handoverDueAt: at(10_080 + 800), imeiLast4: '1234',
      },
    }, actors.buyer);
    return streams.buybackOrder(orderId);
  };
  const bb1 = bbOrder(1, 'bank');
  add(bb1, { type: 'BuybackPhoneReceived', data: { orderId: 'bo-1', inspectionDueAt: at(3_000) } }, actors.seller);
  add(streams.buybackPhoto('bp-1'), { type: 'BuybackPhotoUploaded', data: { photoId: 'bp-1', orderId: 'bo-1', shopId: 'u-seller', ownerId: 'u-buyer', contentType: 'image/webp', width: 4, height: 3, data: 'UklGRiQAAABXRUJQ' } }, actors.seller);
  add(bb1, { type: 'BuybackInspected', data: { orderId: 'bo-1', grade: 'C', findings: [{ code: 'camera', photoId: 'bp-1' }], gradePhotoIds: ['bp-1'], note: '찍힘', late: false, outcome: 'counter', price: 240_000, cut: 180_000, reasons: ['카메라 불량 확인 −60,000원'], payoutDueAt: null, imeiLast4: '9999', imeiMismatch: true } }, actors.seller);
  add(bb1, { type: 'BuybackCounterDeclined', data: { orderId: 'bo-1' } }, actors.buyer);
  add(bb1, { type: 'BuybackReturnShipped', data: { orderId: 'bo-1', courier: 'CJ대한통운', trackingNumber: '123456789012' } }, actors.seller);
  const bb2 = bbOrder(2, 'points');
  add(bb2, { type: 'BuybackPhoneReceived', data: { orderId: 'bo-2', inspectionDueAt: at(3_000) } }, actors.seller);
  add(bb2, { type: 'BuybackInspectionOverdue', data: { orderId: 'bo-2' } });
  add(bb2, { type: 'BuybackInspected', data: { orderId: 'bo-2', grade: 'B', findings: [], gradePhotoIds: [], note: '', late: true, outcome: 'match', price: 420_000, cut: 0, reasons: [], payoutDueAt: at(5_000), imeiLast4: '1234', imeiMismatch: false } }, actors.seller);
  add(bb2, { type: 'BuybackPayoutOverdue', data: { orderId: 'bo-2' } });
  add(bb2, { type: 'BuybackDataErased', data: { orderId: 'bo-2', method: 'factory_reset', at: at(600), imeiLast4: '1234' } }, actors.seller);
  add(bb2, { type: 'BuybackPaid', data: { orderId: 'bo-2', amount: 420_000, payout: 'points', late: true, bankRecord: null } }, actors.seller);
  add(streams.wallet('u-buyer'), { type: 'PointsEarned', data: { orderId: 'bo-2', amount: 420_000, source: 'buyback' } });
  const bb3 = bbOrder(3, 'bank');
  add(bb3, { type: 'BuybackPhoneReceived', data: { orderId: 'bo-3', inspectionDueAt: at(3_000) } }, actors.seller);
  add(bb3, { type: 'BuybackInspected', data: { orderId: 'bo-3', grade: 'C', findings: [], gradePhotoIds: ['bp-1'], note: '', late: false, outcome: 'counter', price: 300_000, cut: 120_000, reasons: [], payoutDueAt: null, imeiLast4: '1234', imeiMismatch: false } }, actors.seller);
  add(bb3, { type: 'BuybackCounterAccepted', data: { orderId: 'bo-3', price: 300_000, payoutDueAt: at(5_000) } }, actors.buyer);
  const bb4 = bbOrder(4, 'points');
  add(bb4, { type: 'BuybackPhoneShipped', data: { orderId: 'bo-4', courier: 'CJ대한통운', trackingNumber: '987654321098' } }, actors.buyer);
  add(bb4, { type: 'BuybackOrderExpired', data: { orderId: 'bo-4' } });
  const bb7 = bbOrder(7, 'points');
  add(bb7, { type: 'BuybackOrderCancelled', data: { orderId: 'bo-7' } }, actors.buyer);

  // Issue 42: a series' market moves, a buyer's alert fires, leaves, is changed, paused, renewed, reminded, expires; another is deleted.
  const series = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
  const market = streams.priceSeries('galaxy-s25|256|SKT|번호이동');
  const seriesTerms = { price: 1_200_000, extraSubsidy: 0, plans: [{ planId: 'skt-5g', subsidy: 500_000 }], fees: { 'skt-5g': 89_000 } };
  add(streams.priceSeriesBackfill(), { type: 'PriceSeriesBackfilled', data: { offers: 1 } });
  add(market, { type: 'PriceSeriesOfferPriced', data: { offerId: 'o-1', offer: seriesTerms } });
  add(market, { type: 'PriceSeriesLowestChanged', data: { ...series, lowest: 2_900_000, offerId: 'o-1', average30: 2_900_000 } });
  add(market, { type: 'PriceSeriesSubsidyChanged', data: { planId: 'skt-5g', subsidy: 600_000 } });
  add(market, { type: 'PriceSeriesReleasePriceChanged', data: { releasePrice: 1_150_000 } });
  add(market, { type: 'PriceSeriesPlanFeeChanged', data: { planId: 'skt-5g', monthlyFee: 79_000 } });
  add(market, { type: 'PriceSeriesLowestChanged', data: { ...series, lowest: 2_700_000, offerId: 'o-1', average30: 2_800_000, previous: 2_900_000 } });
  const alerts = streams.priceAlerts('u-fan');
  const filter = { modelId: 'galaxy-s25', storage: null, carrier: null, joinType: null };
  add(alerts, { type: 'PriceAlertSet', data: { alertId: 'pa-1', filter, rule: { kind: 'target', unit: 'total', target: 3_000_000 }, cooldownHours: 24, expiresAt: at(200_000) } }, actors.fan);
  add(streams.priceAlertIndex('galaxy-s25'), { type: 'PriceAlertIndexed', data: { alertId: 'pa-1', userId: 'u-fan', filter } });
  add(streams.priceAlertIndex('galaxy-s25'), { type: 'PriceAlertIndexed', data: { alertId: 'pa-1', userId: 'u-fan', filter, rule: { kind: 'target', unit: 'total', target: 3_000_000 } } });
  add(alerts, { type: 'PriceAlertFired', data: { alertId: 'pa-1', ...series, offerId: 'o-1', total: 2_900_000, delivered: true } });
  add(alerts, { type: 'PriceAlertLeftTarget', data: { alertId: 'pa-1' } });
  add(alerts, { type: 'PriceAlertChanged', data: { alertId: 'pa-1', rule: { kind: 'drop', percent: 10 }, cooldownHours: 48 } }, actors.fan);
  add(alerts, { type: 'PriceAlertPaused', data: { alertId: 'pa-1' } }, actors.fan);
  add(alerts, { type: 'PriceAlertResumed', data: { alertId: 'pa-1' } }, actors.fan);
  add(alerts, { type: 'PriceAlertRenewed', data: { alertId: 'pa-1', expiresAt: at(300_000) } }, actors.fan);
  add(alerts, { type: 'PriceAlertExpiryReminded', data: { alertId: 'pa-1', modelId: 'galaxy-s25', expiresAt: at(300_000) } });
  add(alerts, { type: 'PriceAlertExpired', data: { alertId: 'pa-1', modelId: 'galaxy-s25' } });
  add(alerts, { type: 'PriceAlertSet', data: { alertId: 'pa-2', filter, rule: { kind: 'drop', percent: 5 }, cooldownHours: 24, expiresAt: at(200_000) } }, actors.fan);
  add(alerts, { type: 'PriceAlertDeleted', data: { alertId: 'pa-2', modelId: 'galaxy-s25' } }, actors.fan);
  add(streams.priceAlertIndex('galaxy-s25'), { type: 'PriceAlertUnindexed', data: { alertId: 'pa-1' } });
  add(streams.restockAlerts('model:galaxy-s25'), { type: 'RestockAlertRequested', data: { userId: 'u-fan', modelId: 'galaxy-s25', offerId: null } }, actors.fan);
  add(streams.restockAlerts('model:galaxy-s25'), { type: 'RestockAlertRequested', data: { userId: 'u-buyer', modelId: 'galaxy-s25', offerId: null } }, actors.buyer);
  add(streams.restockAlerts('model:galaxy-s25'), { type: 'RestockAlertsSent', data: { userIds: ['u-fan', 'u-buyer'], modelId: 'galaxy-s25', offerId: 'o-1' } });
  return log;
}

/** Appends the log, one event at a time in its order. */
export async function appendLog(store: EventStore, log: readonly LogEntry[]): Promise<void> {
  for (const { stream, event } of log) await store.append(stream, [event], { expectedRevision: 'any' });
}
