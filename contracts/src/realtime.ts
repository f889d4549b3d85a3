/**
 * Socket.IO events, server to client (DESIGN §5). query-api emits them; the browser listens for them.
 * Broadcasts are built from the read models after a batch (`ranking:update`); per-room messages come
 * through the projector's outbox (ADR 007). Later features add their names here.
 */
export const SOCKET_EVENTS = {
  /** To the `ranking` room only (sockets of pages that show the live ranking, joined with `RANKING_FOLLOW`): the new list (payload `RankingItem[]`, latest wins). */
  rankingUpdate: 'ranking:update',
  /** To `user:<id>` when that account's cart changed (payload `{ count }`): other open tabs refetch the cart. */
  cartUpdated: 'cart:updated',
  /** To the `admins` room (admin sockets only): an application was submitted or its status changed (payload `SellerApplication`). */
  sellerApplicationChanged: 'admin:seller-application',
  /** To `admins`: a seller's status changed (payload `Seller`). */
  sellerChanged: 'admin:seller',
  /** To `admins`: an account's role or status changed (payload `AdminUser`). */
  adminUserChanged: 'admin:user',
  /** To `user:<id>`: the account's seller application was decided (payload `SellerApplicationDecision`); issue 12 turns it into a notification. */
  sellerApplicationDecided: 'seller-application:decided',
  /** To `chat:<id>` (the chat's customer and agent): a message in a live chat (payload `ChatMessagePush`). */
  chatMessage: 'chat:message',
  /** To `support` (admins): a chat waits for an agent (payload `ChatSessionPush`). */
  chatEscalated: 'chat:escalated',
  /** To `support`: an agent took a chat (payload `ChatSessionPush`). */
  chatAssigned: 'chat:assigned',
  /** To `support`: an escalated chat was closed (payload `ChatSessionPush`). */
  chatClosed: 'chat:closed',
  /** To `support`: a line was posted in a live chat (payload `ChatCountPush`: the chat and its new count of messages, no text): the console's queue follows it. */
  chatUpdated: 'chat:updated',
  /** To `user:<id>`: staff answered or moved one of the account's inquiries (payload `InquiryAnsweredPush`). */
  inquiryAnswered: 'inquiry:answered',
  /** To `user:<id>` only: a new notification for that account (payload `NotificationPush`, issue 12). */
  notificationNew: 'notification:new',
  /** To `user:<id>` only: the account read one notification or all of them (payload `NotificationReadPush`): other tabs update the bell and list. */
  notificationRead: 'notification:read',
  /** To `user:<sellerId>`: units of one of the seller's offers were taken or put back (payload `OfferStockPush`): the dashboard updates live. */
  offerStock: 'offer:stock',
  /** To `model:<modelId>` (any socket that followed the model's page with `MODEL_FOLLOW`): the carrier terms changed its offers' prices (payload `{ modelId }`, issue 27): the page reads them again. */
  modelOffersChanged: 'model:offers',
  /** To `user:<buyerId>`: an offer arrived on, or was revised for, one of the buyer's quote requests (payload `QuoteOfferPush`, issue 25). */
  quoteOffer: 'quote:offer',
  /** To `sellers` (every seller's socket): a quote request opened, or ended with its offer count (payload `QuoteRequestPush`, issue 25). */
  quoteRequest: 'quote:request',
  /** To `user:<sellerId>`, `user:<shopId>` and `admins`: a buyback order moved on or was flagged late (payload `{ orderId, status, overdue }`, issue 26): its pages and lists read again. */
  buybackOrder: 'buyback:order',
  /** To `admins`: work the process runner gave up on was recorded, retried or resolved (payload `ProcessFailuresPush`: the failure and the open count, issue 36): the dashboard's count and `/admin/processes` follow. */
  processFailuresChanged: 'admin:process-failures',
  /** To `admins`: a 신고 was filed or resolved (payload `{ reportId, open }`, issue 41): `/admin/reports` reads its queue again. */
  reportsChanged: 'admin:reports',
  /** To `admins`: the scam guard held a text, or an admin released or rejected one (payload `{ heldId, status }`, issue 41): `/admin/reports` reads its held-text queue again. */
  heldTextsChanged: 'admin:held-texts',
  /** To `admins`: a channel or an image batch changed (payload `{ channelId }`, issue 39): the 이미지 수집 counters (활성 채널 …) read again. */
  imageCollectionChanged: 'admin:image-collection',
} as const;
export type SocketEvent = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Client → server: follow one model's offers (`{ modelId }`); its sockets hear `SOCKET_EVENTS.modelOffersChanged` (public: prices are public). */
export const MODEL_FOLLOW = 'model:follow';

/**
 * Client → server (no payload): the page shows the live ranking; the socket joins the `ranking` room and hears
 * `SOCKET_EVENTS.rankingUpdate` until `RANKING_UNFOLLOW` or its disconnect. Asked again on every connection
 * (a new socket is in no room). Public: the ranking is. A page without the ranking is sent no ranking pushes
 * (ADR 023, seventh session).
 */
export const RANKING_FOLLOW = 'ranking:follow';
/** Client → server (no payload): no component of the page shows the live ranking any more; the socket leaves the `ranking` room. */
export const RANKING_UNFOLLOW = 'ranking:unfollow';
