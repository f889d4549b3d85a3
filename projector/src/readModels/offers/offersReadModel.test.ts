import { describe, it } from 'vitest';
import { NO_CONDITIONS, quoteOffer } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectChanged, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { offerListed, offerPriceChanged, phoneModelDefined, planDefined, sellerOnboarded, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { MARKET_SELLERS, OFFERS, PHONE_MODELS, PRICE_HISTORY, offersReadModel } from './offersReadModel.ts';

const given = ProjectionSpecification.for(offersReadModel);
const principal = (extraSubsidy: number, price = 1_200_000) => quoteOffer({ price, extraSubsidy, plans: [{ planId: 'skt-5g', subsidy: 500_000 }] }, () => 89_000)!.quote.principal;

const fields = {
  title: '갤럭시 S25 A급', description: '미세기스 1곳', price: 590_000, originalPrice: null, category: 'smartphone', brand: 'Samsung', model: 'galaxy-s25', storage: 256,
  condition: 'good' as const, batteryHealth: 87, warranty: '판매처 보증 30일', returnPolicy: '3일 이내 반품', images: ['/images/seller-products/a.webp', '/images/seller-products/b.webp'],
  specifications: {}, stock: 1, isActive: true, featured: false, conditions: NO_CONDITIONS,
};
const listing = { productId: 'p-1', title: '갤럭시 S25 A급', description: '미세기스 1곳', images: fields.images, batteryHealth: 87, warranty: '판매처 보증 30일', returnPolicy: '3일 이내 반품' };

describe('offers read model', () => {
  it('issue 39: a seller’s listing (created before its offer) is on the offer when listed, and its later words and photos follow; a catalogue offer has none', async () => {
    const product = streams.sellerProduct('p-1');
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25')])
      .when([
        { type: 'SellerProductCreated', stream: product, data: { productId: 'p-1', sellerId: 's-1', storeId: 'st-1', offerId: 'sp-p-1', ...fields } },
        offerListed('sp-p-1', { condition: 'used', grade: 'A', carrier: '자급제', joinType: null, plans: [], requiredMonths: 0, price: 590_000 }),
        offerListed('o-new'),
        { type: 'SellerProductUpdated', stream: product, data: { productId: 'p-1', ...fields, title: '갤럭시 S25 A급 (배터리 87%)', images: ['/images/seller-products/b.webp'], changed: ['title', 'images'] } },
      ])
      .then(
        expectDocuments.fromCollection(OFFERS).withId('sp-p-1').toMatch({ listing: { ...listing, title: '갤럭시 S25 A급 (배터리 87%)', images: ['/images/seller-products/b.webp'] } }),
        expectDocuments.fromCollection(OFFERS).withId('o-new').toMatch({ listing: null }),
        expectPushes([{ topic: 'modelOffersChanged', room: 'model:galaxy-s25', payload: { modelId: 'galaxy-s25' } }]),
      );
  });

  it('lists an offer with its model and prices it with the plan fees it kept; an offer of an unknown model is not listed', async () => {
    await given([planDefined('skt-5g', 89_000), planDefined('skt-lte', 39_000, '10GB'), phoneModelDefined('galaxy-s25', '갤럭시 S25')])
      .when([offerListed('o-1', { plans: [{ planId: 'skt-lte', subsidy: 200_000 }], extraSubsidy: 150_000 }), offerListed('o-ghost', { modelId: 'ghost-phone' })])
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({
          name: '갤럭시 S25', brandKey: 'samsung', img: '/images/phones/galaxy-s25.svg', releasePrice: 1_200_000, unlimited: false, maxSubsidy: 200_000,
          headline: { planId: 'skt-lte' }, categories: ['Samsung', 'SpecialOffer'], active: true,
        }),
        expectDocuments.fromCollection(OFFERS).withId('o-ghost').notToExist(),
        expectChanged(['catalogue']),
      );
  });

  it("keeps each model's lowest 할부원금 on sale per day, not every offer's points", async () => {
    await given([planDefined('skt-5g', 89_000), sellerProfileDefined('s-1', '폰마켓'), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1')])
      .when(offerPriceChanged('o-1', 1_100_000))
      .then(
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-20').toBeEqual({ key: 'galaxy-s25', date: '2026-11-20', lowest: principal(0) }),
        expectDocuments.fromCollection(PRICE_HISTORY).withId('galaxy-s25|2026-11-21').toBeEqual({ key: 'galaxy-s25', date: '2026-11-21', lowest: principal(0, 1_100_000) }),
      );
  });

  it('shows a catalogue seller as profiled and an onboarded one with no rating yet, with its store (renamed as it is); a status change hides or shows its offers', async () => {
    const seller = streams.seller('u-seller');
    await given([sellerProfileDefined('s-cat', '폰마켓'), sellerOnboarded('u-seller', '김판매', '판매네 가게')])
      .when([
        sellerOnboarded('s-cat', '폰마켓 법인', '다른 이름', 'pending'),
        { type: 'SellerStoreOpened', stream: seller, data: { sellerId: 'u-seller', storeId: 'st-1', name: '판매네 가게', description: null, theme: 'default' } },
        { type: 'SellerStoreRenamed', stream: seller, data: { sellerId: 'u-seller', storeId: 'st-1', from: '판매네 가게', to: '판매네 폰가게' } },
        { type: 'SellerStatusChanged', stream: seller, data: { sellerId: 'u-seller', from: 'approved', to: 'suspended', reason: null } },
      ])
      .then(
        expectDocuments.fromCollection(MARKET_SELLERS).withId('s-cat').toBeEqual({ id: 's-cat', name: '폰마켓', storeName: '폰마켓 본점', rating: 4.8, deals: 10, verified: true, status: 'pending', storeId: null }),
        expectDocuments.fromCollection(MARKET_SELLERS).withId('u-seller').toBeEqual({ id: 'u-seller', name: '김판매', storeName: '판매네 폰가게', rating: 0, deals: 0, verified: false, status: 'suspended', storeId: 'st-1' }),
        expectChanged(['catalogue']),
      );
  });

  it("takes and puts back units and tells the seller's dashboard", async () => {
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1', { sellerId: 's-1', stock: 5 })])
      .when([
        { type: 'OfferStockReserved', stream: streams.offer('o-1'), data: { offerId: 'o-1', orderId: 'ord-1', quantity: 2 } },
        { type: 'OfferStockReleased', stream: streams.offer('o-1'), data: { offerId: 'o-1', orderId: 'ord-1', quantity: 1, reason: 'order_cancelled' } },
      ])
      .then(
        expectDocuments.fromCollection(OFFERS).withId('o-1').toMatch({ stock: 4, sold: 1 }),
        expectPushes([
          { topic: 'offerStock', room: 'user:s-1', payload: { offerId: 'o-1', stock: 3, sold: 2 } },
          { topic: 'offerStock', room: 'user:s-1', payload: { offerId: 'o-1', stock: 4, sold: 1 } },
        ]),
      );
  });
});

describe('offers read model: views of a model', () => {
  const viewed = (key: string) => ({ type: 'ProductViewed' as const, stream: streams.productVisitor('galaxy-s25', `visitor-${key}`), data: { productId: 'galaxy-s25', visitorKey: `visitor-${key}` } });
  const review = {
    type: 'ReviewWritten' as const, stream: streams.orderReviews('ord-1'),
    data: { reviewId: 'r-1', orderId: 'ord-1', itemId: 'i-1', line: 0, productId: 'galaxy-s25', authorId: 'u-1', rating: 4, content: '좋아요', photos: [] },
  };

  it('counted within a batch and written at its end, before a review of the same model in it; an unknown model counts nothing; re-applied, nothing more', async () => {
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25'), viewed('v-0'), review, viewed('v-00')])
      .when([viewed('v-1'), viewed('v-2')])
      .then(expectDocuments.fromCollection(PHONE_MODELS).withId('galaxy-s25').toMatch({ viewCount: 4, reviewCount: 1 }));
    await given([phoneModelDefined('galaxy-s25', '갤럭시 S25'), viewed('v-0')])
      .when([viewed('v-1'), viewed('v-2'), { ...viewed('v-3'), data: { productId: 'nowhere', visitorKey: 'visitor-v-3' } }, review])
      .then(
        expectDocuments.fromCollection(PHONE_MODELS).withId('galaxy-s25').toMatch({ viewCount: 3, reviewCount: 1, ratingSum: 4 }),
        expectDocuments.fromCollection(PHONE_MODELS).withId('nowhere').notToExist(),
      );
  });
});
