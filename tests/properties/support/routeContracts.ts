import type { z } from 'zod';
import * as accountsContracts from '@phonemarket/contracts/accounts.ts';
import * as addressesContracts from '@phonemarket/contracts/addresses.ts';
import * as adminContracts from '@phonemarket/contracts/admin.ts';
import * as buybackContracts from '@phonemarket/contracts/buyback.ts';
import * as carrierTermsContracts from '@phonemarket/contracts/carrierTerms.ts';
import * as cartContracts from '@phonemarket/contracts/cart.ts';
import * as channelsContracts from '@phonemarket/contracts/channels.ts';
import * as chatbotAdminContracts from '@phonemarket/contracts/chatbotAdmin.ts';
import * as modelsContracts from '@phonemarket/contracts/models.ts';
import * as priceWatchContracts from '@phonemarket/contracts/priceWatch.ts';
import * as ordersContracts from '@phonemarket/contracts/orders.ts';
import * as quotesContracts from '@phonemarket/contracts/quotes.ts';
import * as registerContracts from '@phonemarket/contracts/register.ts';
import * as reviewsContracts from '@phonemarket/contracts/reviews.ts';
import * as sellerOffersContracts from '@phonemarket/contracts/sellerOffers.ts';
import * as sellerProductsContracts from '@phonemarket/contracts/sellerProducts.ts';
import * as sellersContracts from '@phonemarket/contracts/sellers.ts';
import * as sellingPoliciesContracts from '@phonemarket/contracts/sellingPolicies.ts';
import * as settingsContracts from '@phonemarket/contracts/settings.ts';
import * as shopTrustContracts from '@phonemarket/contracts/shopTrust.ts';
import * as preApprovalContracts from '@phonemarket/contracts/preApproval.ts';
import * as safeTradeContracts from '@phonemarket/contracts/safeTrade.ts';
import * as storesContracts from '@phonemarket/contracts/stores.ts';
import * as supportContracts from '@phonemarket/contracts/support.ts';
import { demoSchema } from '@phonemarket/command-api/features/accounts/routes.ts';
import { changeSchema } from '@phonemarket/command-api/features/cart/routes.ts';
import { useSchema } from '@phonemarket/command-api/features/support/routes.ts';

/**
 * What each command route accepts: the zod schema its handler parses the body with, or that it takes
 * no body (`'none'`) or raw bytes (`'bytes'`, an image upload). A route whose body is parsed by section
 * (`/api/admin/settings/:section`) lists a variant per section.
 *
 * The fuzz (tests/properties/routeFuzz.test.ts) walks the live route table and fails on any route
 * missing here: a new route has to say what it accepts before it ships.
 */
export type Body = z.core.$ZodType | 'none' | 'bytes';
export interface Variant { params?: Record<string, string>; body: Body }

/** Every contract module's exports in one namespace (the schemas live beside the routes' paths and messages). */
const c = { ...accountsContracts, ...addressesContracts, ...adminContracts, ...buybackContracts, ...carrierTermsContracts, ...cartContracts, ...channelsContracts, ...chatbotAdminContracts, ...modelsContracts, ...priceWatchContracts, ...ordersContracts, ...quotesContracts, ...registerContracts, ...reviewsContracts, ...sellerOffersContracts, ...sellerProductsContracts, ...sellersContracts, ...sellingPoliciesContracts, ...settingsContracts, ...shopTrustContracts, ...storesContracts, ...supportContracts };
const one = (body: Body): Variant[] => [{ body }];

export const ROUTE_CONTRACTS: Record<string, Variant[]> = {
  'POST /api/auth/register': one(c.registerSchema),
  'POST /api/auth/login': one(c.loginSchema),
  'POST /api/auth/logout': one('none'),
  'POST /api/auth/demo': one(demoSchema),
  'PUT /api/admin/users/:id/status': one(c.userStatusRequestSchema),
  'PUT /api/admin/users/:id/role': one(c.userRoleRequestSchema),
  'POST /api/products/:id/views': one('none'),
  'POST /api/cart/items': one(c.addCartItemSchema),
  'PATCH /api/cart/items/:itemId': one(changeSchema),
  'DELETE /api/cart/items/:itemId': one('none'),
  'PUT /api/cart/items/:itemId/choice': one(c.cartItemChoiceSchema),
  // Issue 41: shop reviews and 신고.
  'POST /api/orders/:id/shop-reviews': one(c.shopReviewInputSchema),
  'POST /api/orders/:id/review-photos': one('bytes'),
  'POST /api/buyback/orders/:id/shop-review': one(c.shopReviewInputSchema),
  'POST /api/shop-reviews/:id/answer': one(c.answerInputSchema),
  'POST /api/admin/shop-reviews/:id/hide': one(c.shopReviewHideInputSchema),
  'POST /api/reports': one(c.reportInputSchema),
  'POST /api/admin/reports/:id/resolve': one(c.reportResolveInputSchema),
  'POST /api/admin/held-texts/:id/release': one('none'),
  'POST /api/seller/pre-approval/document': one('bytes'),
  'POST /api/seller/pre-approval': one(preApprovalContracts.preApprovalInputSchema),
  'POST /api/admin/pre-approvals/:sellerId/decide': one(preApprovalContracts.preApprovalDecisionSchema),
  'POST /api/seller-applications/pre-approval/document': one('bytes'),
  'POST /api/seller/safe-trade/document': one('bytes'),
  'POST /api/seller/safe-trade': one(safeTradeContracts.safeTradeInputSchema),
  'POST /api/admin/safe-trades/:sellerId/decide': one(preApprovalContracts.preApprovalDecisionSchema),
  'POST /api/admin/held-texts/:id/reject': one(c.heldTextRejectInputSchema),
  'POST /api/me/alerts': one(c.createPriceAlertSchema),
  'PATCH /api/me/alerts/:id': one(c.updatePriceAlertSchema),
  'DELETE /api/me/alerts/:id': one('none'),
  'POST /api/restock-alerts': one(c.restockAlertRequestSchema),
  'POST /api/me/addresses': one(c.savedAddressInputSchema),
  'PUT /api/me/addresses/:id': one(c.savedAddressInputSchema),
  'PUT /api/me/addresses/:id/default': one('none'),
  'DELETE /api/me/addresses/:id': one('none'),
  'POST /api/offers': one(c.listOfferSchema),
  'POST /api/offers/:id/price': one(c.offerPriceSchema),
  'PUT /api/offers/:id/active': one(c.offerActiveSchema),
  'PUT /api/offers/:id/stock': one(c.offerStockSchema),
  'POST /api/searches': one(c.searchTermSchema),
  'POST /api/seller-applications': one(c.sellerApplicationRequestSchema),
  'PUT /api/seller-applications/:id': one(c.sellerApplicationReviewSchema),
  'PUT /api/sellers/:id': one(c.sellerStatusRequestSchema),
  'POST /api/inquiries': one(c.inquiryInputSchema),
  'PATCH /api/inquiries/:id': one(c.inquiryUpdateSchema),
  'POST /api/knowledge-base': one(c.knowledgeEntryInputSchema),
  'PUT /api/knowledge-base/:id': one(c.knowledgeEntryInputSchema),
  'POST /api/knowledge-base/:id/review': one(c.knowledgeReviewSchema),
  'POST /api/knowledge-base/:id/active': one(c.knowledgeActiveSchema),
  'POST /api/knowledge-base/:id/use': one(useSchema),
  'POST /api/chat-sessions': one(c.chatSessionStartSchema),
  'PATCH /api/chat-sessions/:id': one(c.chatSessionUpdateSchema),
  'POST /api/chat-sessions/:id/escalate': one(c.chatEscalateSchema),
  'POST /api/chatbot-logs': one(c.chatbotLogSchema),
  'POST /api/chat-sessions/:id/assign': one('none'),
  'POST /api/chat-sessions/:id/messages': one(c.chatMessageInputSchema),
  'POST /api/chat-sessions/:id/close': one('none'),
  'POST /api/admin/chatbot/knowledge-entries': one(c.chatbotKnowledgeRequestSchema),
  'POST /api/phone-thumbnails': one(c.phoneThumbnailRequestSchema),
  'PUT /api/phone-thumbnails/:id': one(c.phoneThumbnailRequestSchema),
  'DELETE /api/phone-thumbnails/:id': one('none'),
  'POST /api/orders': one(c.checkoutSchema),
  'POST /api/orders/:id/cancel': one(c.orderCancelSchema),
  'POST /api/orders/:id/seller-cancel': one(c.sellerCancelSchema),
  'POST /api/orders/:id/tracking-correction': one(c.trackingCorrectionSchema),
  'PUT /api/orders/:id/status': one(c.orderStatusChangeSchema),
  'POST /api/orders/:id/confirm': one('none'),
  'POST /api/orders/:id/returns': one(c.returnRequestSchema),
  'PUT /api/orders/:id/returns/:returnId': one(c.returnDecisionSchema),
  'POST /api/orders/:id/receipt': one('none'),
  'POST /api/orders/:id/returns/:returnId/collection': one(c.returnCollectionSchema),
  'POST /api/orders/:id/returns/:returnId/inspection': one(c.returnInspectionSchema),
  'PUT /api/notifications/read-all': one('none'),
  'PUT /api/notifications/:id/read': one('none'),
  'PUT /api/wishlist/:productId': one('none'),
  'DELETE /api/wishlist/:productId': one('none'),
  'POST /api/products/:id/reviews': one(c.reviewInputSchema),
  'POST /api/products/:id/questions': one(c.questionInputSchema),
  'POST /api/questions/:id/answer': one(c.answerInputSchema),
  'POST /api/reviews/:id/answer': one(c.answerInputSchema),
  'PUT /api/seller/store': one(c.storeRequestSchema),
  'POST /api/seller/store/images': one('bytes'),
  'PUT /api/admin/settings/:section': [
    { params: { section: 'site' }, body: c.siteSettingsSchema },
    { params: { section: 'security' }, body: c.securitySettingsSchema },
    { params: { section: 'email' }, body: c.emailSettingsRequestSchema },
    { params: { section: 'notifications' }, body: c.notificationSettingsSchema },
    { params: { section: 'payment' }, body: c.paymentSettingsSchema },
    { params: { section: 'chatbot' }, body: c.chatbotSettingsSchema },
  ],
  'POST /api/admin/settings/email/test': one(c.testMailRequestSchema),
  'POST /api/quote-requests': one(c.quoteRequestSchema),
  'POST /api/quote-requests/:id/cancel': one('none'),
  'POST /api/quote-requests/:id/accept': one(c.quoteAcceptSchema),
  'POST /api/quote-requests/:id/offers': one(c.quoteOfferSchema),
  'PUT /api/quote-requests/:id/offers/:offerId': one(c.quoteOfferSchema),
  'PUT /api/seller/buyback-prices': one(c.buybackPricesInputSchema),
  'POST /api/buyback/quotes': one(c.buybackQuoteInputSchema),
  'POST /api/buyback/quotes/:id/accept': one(c.buybackAcceptSchema),
  'POST /api/buyback/orders/:id/received': one('none'),
  'POST /api/buyback/orders/:id/shipment': one(c.buybackShipmentSchema),
  'POST /api/buyback/orders/:id/cancel': one('none'),
  'POST /api/buyback/orders/:id/photos': one('bytes'),
  'POST /api/buyback/orders/:id/inspection': one(c.buybackInspectionSchema),
  'POST /api/buyback/orders/:id/counter': one(c.buybackCounterSchema),
  'POST /api/buyback/orders/:id/return': one(c.buybackReturnSchema),
  'POST /api/buyback/orders/:id/erasure': one(c.buybackErasureSchema),
  'POST /api/buyback/orders/:id/payout': one('none'),
  'POST /api/admin/channels': one(c.channelRequestSchema),
  'PUT /api/admin/channels/:channelId/active': one(c.channelActiveSchema),
  'PUT /api/admin/channels/:channelId/settings': one(c.channelSettingsSchema),
  // Signed with the channel's secret (HMAC of the raw body): a fuzzed body is refused before it is parsed.
  'POST /api/channels/:channelId/webhook': one(c.channelDeliverySchema),
  'PUT /api/admin/image-batches/:id/status': one(c.imageBatchStatusRequestSchema),
  'PUT /api/admin/carrier-terms/subsidies': one(c.subsidyRequestSchema),
  'POST /api/admin/carrier-terms/subsidies/scheduled/cancel': one(c.scheduledSubsidyCancelSchema),
  'PUT /api/admin/carrier-terms/release-prices': one(c.releasePriceRequestSchema),
  'PUT /api/admin/carrier-terms/plans/:planId': one(c.planRequestSchema),
  'POST /api/admin/carrier-terms/import': one(c.subsidyImportSchema),
  'POST /api/offers/on-terms': one(c.listOnTermsSchema),
  'POST /api/admin/price-policies': one(c.pricePolicyRequestSchema),
  'POST /api/admin/price-policies/:id/approve': one('none'),
  'POST /api/admin/price-policies/:id/revert': one(c.policyRevertSchema),
  'POST /api/seller-products/images': one('bytes'),
  'POST /api/admin/processes/:failureId/retry': one('none'),
  'POST /api/seller-products': one(c.sellerProductRequestSchema),
  'PUT /api/seller-products/:id': one(c.sellerProductUpdateSchema),
};
