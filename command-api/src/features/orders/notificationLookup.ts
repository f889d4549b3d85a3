import { parseEvent, parseNotificationId, streams, type EventStore, type EventType, type StoredEvent } from '@phonemarket/events';

/** Stream categories whose events the notifications read model turns into notifications, and which of their events do. */
const NOTIFYING: Partial<Record<EventType, string>> = {
  WelcomeBenefitsGranted: 'wallet', PointsEarned: 'wallet',
  PaymentCaptured: 'order', PaymentFailed: 'order', OrderShipped: 'order', OrderDelivered: 'order', OrderCancelled: 'order',
  OrderPreparationStarted: 'order', OrderActivationStarted: 'order', OrderActivated: 'order', OrderConfirmed: 'order', OrderReturnRequested: 'order', OrderReturnApproved: 'order', OrderReturnRejected: 'order', PaymentRefunded: 'order',
  OrderReturnCollectionRegistered: 'order', OrderReturnInspected: 'order', ShipmentTrackingCorrected: 'order',
  OfferPriceChanged: 'offer',
  SellerApplicationApproved: 'sellerApplication', SellerApplicationRejected: 'sellerApplication',
  InquiryAnswered: 'inquiry', QuestionAnswered: 'question', ReviewAnswered: 'orderReviews',
};

/**
 * Whether `id` names a notification `userId` was sent: its cause event is in the stream the id names, is of a
 * kind that notifies, and notified this account (the rules of the projector's notifications model, read from
 * the cause's own stream). Anything else is a made-up id, and reading it stores nothing (issue 23 L7).
 */
export async function isNotificationOf(store: EventStore, id: string, userId: string): Promise<boolean> {
  const parsed = parseNotificationId(id);
  if (!parsed || parsed.userId !== userId) return false;
  const { causeStream, causeEventId } = parsed;
  // Only the streams of the categories above: never a system stream (`$…`) or another account's private one.
  if (!/^[A-Za-z]+-[A-Za-z0-9_.:@-]{1,150}$/.test(causeStream)) return false;
  const events = (await store.readStream(causeStream)).map(parseEvent).filter((e): e is StoredEvent => e !== null);
  const cause = events.find((e) => e.id === causeEventId);
  if (!cause || !causeStream.startsWith(`${NOTIFYING[cause.type] ?? '\0'}-`)) return false;
  switch (cause.type) {
    case 'WelcomeBenefitsGranted':
    case 'PointsEarned':
      return streams.walletOwner(causeStream) === userId;
    case 'PaymentCaptured':
    case 'PaymentFailed':
    case 'OrderShipped':
    case 'ShipmentTrackingCorrected':
    case 'OrderDelivered':
    case 'OrderCancelled':
    case 'OrderPreparationStarted':
    case 'OrderActivationStarted':
    case 'OrderActivated':
    case 'OrderConfirmed':
    case 'OrderReturnRequested':
    case 'OrderReturnApproved':
    case 'OrderReturnRejected':
    case 'OrderReturnCollectionRegistered':
    case 'OrderReturnInspected':
    case 'PaymentRefunded': {
      const placed = events.find((e) => e.type === 'OrderPlaced');
      if (placed?.type !== 'OrderPlaced') return false;
      // Its buyer; and the sellers of its lines for a new order, a cancel and a 교환/반품 request (issue 30), each later
      // step of a 교환/반품 and the buyer's 수령 확인 (issue 39).
      const toSellers = cause.type === 'PaymentCaptured' || cause.type === 'OrderCancelled' || cause.type === 'OrderReturnRequested'
        || cause.type === 'OrderReturnApproved' || cause.type === 'OrderReturnRejected' || cause.type === 'OrderReturnCollectionRegistered'
        || cause.type === 'OrderReturnInspected' || (cause.type === 'PaymentRefunded' && !cause.data.cancelled) || (cause.type === 'OrderDelivered' && cause.data.receivedBy === 'buyer');
      return placed.data.buyerId === userId || (toSellers && placed.data.items.some((i) => i.sellerId === userId));
    }
    case 'OfferPriceChanged': {
      // Told to the accounts that had the offer's model in 찜 (a price drop; the read model also compares prices).
      const modelIds = new Set(events.flatMap((e) => (e.type === 'OfferListed' ? [e.data.modelId] : [])));
      const wishlist = await store.readStream(streams.wishlist(userId));
      return wishlist.map(parseEvent).some((e) => e?.type === 'WishlistItemAdded' && modelIds.has(e.data.productId));
    }
    case 'SellerApplicationApproved':
    case 'SellerApplicationRejected':
      return events.some((e) => e.type === 'SellerApplicationSubmitted' && e.data.applicantId === userId);
    case 'InquiryAnswered':
      return events.some((e) => e.type === 'InquirySubmitted' && e.data.userId === userId);
    case 'QuestionAnswered':
      return events.some((e) => e.type === 'QuestionAsked' && e.data.authorId === userId);
    case 'ReviewAnswered': {
      const reviewId = cause.data.reviewId;
      return events.some((e) => e.type === 'ReviewWritten' && e.data.reviewId === reviewId && e.data.authorId === userId);
    }
    default:
      return false;
  }
}
