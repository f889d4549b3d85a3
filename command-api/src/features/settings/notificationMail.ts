import { ORDER_CANCELLED_BY_LABELS, PAYMENT_METHOD_LABELS } from '@phonemarket/contracts';
import type { EmailNotification } from '@phonemarket/contracts/settings.ts';
import {
  WrongExpectedVersionError, parseEvent, streams, toNewEvent, type DomainEvent, type EventStore, type StoredEvent, type Subscription,
} from '@phonemarket/events';
import type { Auth } from '@phonemarket/platform/auth/session.ts';
import { deterministicId } from '../../shared/commandHandler.ts';
import { readSettings } from '../../shared/siteSettings.ts';
import { sendMail, type Mail } from './mail.ts';
import { smtpPasswordOf } from './routes.ts';

/**
 * Order and answer notifications also by e-mail (issue 29), when the e-mail settings are on and the
 * kind is on in 알림 설정: the buyer hears of payment, shipping, delivery and cancellation; the author
 * of an inquiry, a product question or a review hears of its answer. Follows the event log from the
 * moment the command side starts (what happened while it was stopped is not mailed). Each mail is
 * claimed first on its own stream (`NotificationEmailDispatched`, no_stream), so with several
 * command-api instances one sends it, once; a failed send is recorded with its reason.
 */

const SYSTEM_ACTOR = { userId: null, role: 'admin' as const };
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

interface Draft { userId: string; kind: EmailNotification; subject: string; body: string }

async function readStream(store: EventStore, stream: string): Promise<StoredEvent[]> {
  return (await store.readStream(stream)).map(parseEvent).filter((e): e is StoredEvent => e !== null);
}

const orderTitle = (items: readonly { name: string }[]) => (items.length > 1 ? `${items[0]!.name} 외 ${items.length - 1}건` : items[0]?.name ?? '주문');

/** Whom an event tells what by e-mail, read from the cause's own stream; null for events that mail nobody. */
async function draftOf(store: EventStore, event: StoredEvent): Promise<Draft | null> {
  switch (event.type) {
    case 'PaymentCaptured':
    case 'PaymentFailed':
    case 'OrderShipped':
    case 'OrderDelivered':
    case 'OrderCancelled': {
      const placed = (await readStream(store, event.stream)).find((e) => e.type === 'OrderPlaced');
      if (placed?.type !== 'OrderPlaced') return null;
      const { buyerId, items, orderId } = placed.data;
      const title = orderTitle(items);
      const see = `\n\n주문 상세는 폰마켓 '주문 내역'(/orders/${orderId})에서 확인할 수 있습니다.`;
      const order = (subject: string, body: string): Draft => ({ userId: buyerId, kind: 'order', subject: `[폰마켓] ${subject}`, body: `${body}${see}` });
      switch (event.type) {
        case 'PaymentCaptured': return order('주문이 완료되었습니다', `${title} ${won(event.data.amount)} 결제가 완료되었습니다 (${PAYMENT_METHOD_LABELS[event.data.method]}).`);
        case 'PaymentFailed': return order('결제에 실패했습니다', `${title}: ${event.data.reason}`);
        case 'OrderShipped': return order('상품이 발송되었습니다', `${title} 상품이 발송되었습니다. ${event.data.courier} 송장번호 ${event.data.trackingNumber}`);
        case 'OrderDelivered': return order('배송이 완료되었습니다', `${title} 배송이 완료되었습니다. 리뷰를 남겨주세요.`);
        case 'OrderCancelled': {
          // 판매자 취소 (s59): the buyer reads who cancelled, why, and that the payment comes back.
          const { by, reason } = event.data;
          if (!by) return order('주문이 취소되었습니다', `${title} 주문이 취소되었습니다.`);
          return order(`${ORDER_CANCELLED_BY_LABELS[by]}로 주문이 취소되었습니다`, `${title} 주문이 ${ORDER_CANCELLED_BY_LABELS[by]}로 취소되었습니다 (사유: ${reason}). 결제 금액은 전액 환불되고, 사용한 포인트와 쿠폰은 돌려드립니다.`);
        }
      }
      return null;
    }
    case 'InquiryAnswered': {
      const asked = (await readStream(store, event.stream)).find((e) => e.type === 'InquirySubmitted');
      if (asked?.type !== 'InquirySubmitted') return null;
      return {
        userId: asked.data.userId, kind: 'answer', subject: '[폰마켓] 문의에 답변이 등록되었습니다',
        body: `문의 '${excerpt(asked.data.title)}'에 답변이 등록되었습니다.\n\n${event.data.resolutionNote}\n\n폰마켓 고객센터(/customer-support)에서 확인할 수 있습니다.`,
      };
    }
    case 'QuestionAnswered': {
      const asked = (await readStream(store, event.stream)).find((e) => e.type === 'QuestionAsked');
      if (asked?.type !== 'QuestionAsked') return null;
      return {
        userId: asked.data.authorId, kind: 'answer', subject: '[폰마켓] 상품 문의에 답변이 등록되었습니다',
        body: `상품 문의 '${excerpt(asked.data.content)}'에 답변이 등록되었습니다.\n\n${event.data.content}\n\n상품 페이지(/product/${asked.data.productId}?tab=qna)에서 확인할 수 있습니다.`,
      };
    }
    case 'ReviewAnswered': {
      const reviewId = event.data.reviewId;
      const written = (await readStream(store, event.stream)).find((e) => e.type === 'ReviewWritten' && e.data.reviewId === reviewId);
      if (written?.type !== 'ReviewWritten') return null;
      return {
        userId: written.data.authorId, kind: 'answer', subject: '[폰마켓] 작성하신 리뷰에 답변이 등록되었습니다',
        body: `리뷰 '${excerpt(written.data.content)}'에 답변이 등록되었습니다.\n\n${event.data.content}\n\n상품 페이지(/product/${written.data.productId}?tab=reviews)에서 확인할 수 있습니다.`,
      };
    }
    case 'PriceAlertFired':
    case 'PriceAlertExpiryReminded': {
      // Issue 42: the buyer's own alert; a firing over the day's 3 messages is not mailed.
      if (event.type === 'PriceAlertFired' && !event.data.delivered) return null;
      const model = (await readStream(store, streams.phoneModel(event.data.modelId))).findLast((e) => e.type === 'PhoneModelDefined');
      const name = model?.type === 'PhoneModelDefined' ? model.data.name : event.data.modelId;
      const userId = streams.priceAlertsOwner(event.stream);
      const manage = '\n\n가격 알림은 폰마켓 \'가격 알림\'(/me/alerts)에서 바꾸거나 끌 수 있습니다.';
      if (event.type === 'PriceAlertExpiryReminded') {
        return { userId, kind: 'priceAlert', subject: `[폰마켓] ${name} 가격 알림이 곧 만료됩니다`, body: `${name} 가격 알림이 ${event.data.expiresAt.slice(0, 10)}에 만료됩니다. 계속 받으려면 연장해주세요.${manage}` };
      }
      const d = event.data;
      const series = `${d.storage >= 1024 ? `${d.storage / 1024}TB` : `${d.storage}GB`} ${d.carrier}${d.joinType ? ` ${d.joinType}` : ''}`;
      const link = d.offerId ? `/product/${d.modelId}?offer=${d.offerId}` : `/product/${d.modelId}`;
      return {
        userId, kind: 'priceAlert', subject: `[폰마켓] ${name} 가격 알림: 24개월 실부담 ${won(d.total)}`,
        body: `${name} (${series})의 24개월 실부담이 ${won(d.total)}으로 설정하신 조건에 들어왔습니다.\n\n이 가격의 판매 조건: ${link}${manage}`,
      };
    }
    default:
      return null;
  }
}

const MAILING = new Set<string>([
  'PaymentCaptured', 'PaymentFailed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'InquiryAnswered', 'QuestionAnswered', 'ReviewAnswered',
  'PriceAlertFired', 'PriceAlertExpiryReminded',
]);

/** The account's e-mail address (its registration's), or null for an unknown account. */
async function emailOf(store: EventStore, userId: string): Promise<string | null> {
  const registered = (await readStream(store, streams.user(userId))).find((e) => e.type === 'UserRegistered');
  return registered?.type === 'UserRegistered' ? registered.data.email : null;
}

export interface NotificationMailDeps {
  store: EventStore;
  auth: Pick<Auth, 'configuredPolicy'>;
  secret: string;
  clock: () => Date;
}

/** Mails what one event tells (if anything, and if the settings say so). Answers whether a mail was sent. */
export async function mailNotification(deps: NotificationMailDeps, event: StoredEvent): Promise<boolean> {
  if (!MAILING.has(event.type)) return false;
  const settings = await readSettings(deps.store, deps.auth.configuredPolicy);
  // E-mail off: nothing to draft (a burst of price alerts reads no streams for it).
  if (!settings.values.email.enabled) return false;
  const draft = await draftOf(deps.store, event);
  // A kind added after the section was saved (가격 알림, issue 42) is on until an admin turns it off.
  if (!draft || !settings.values.email.enabled || settings.values.notifications.email[draft.kind] === false) return false;
  const to = await emailOf(deps.store, draft.userId);
  if (!to) return false;
  const stream = streams.notificationEmail(event.id, draft.userId);
  const append = async (domain: DomainEvent, n: number, expectedRevision: 'no_stream' | bigint) => {
    const metadata = { actor: SYSTEM_ACTOR, correlationId: `notification-mail:${event.id}`, causationId: event.id, at: deps.clock().toISOString() };
    await deps.store.append(stream, [toNewEvent(domain, deterministicId(`${stream}|${n}`), metadata)], { expectedRevision });
  };
  try {
    await append({ type: 'NotificationEmailDispatched', data: { userId: draft.userId, kind: draft.kind, causeStream: event.stream, causeEventId: event.id, subject: draft.subject } }, 0, 'no_stream');
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return false; // another instance has it
    throw err;
  }
  const mail: Mail = { to, subject: draft.subject, text: draft.body };
  try {
    await sendMail(settings.values.email, smtpPasswordOf(deps, settings), mail);
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await append({ type: 'NotificationEmailFailed', data: { reason: reason.slice(0, 500) || '알 수 없는 오류' } }, 1, 0n);
    return false;
  }
}

export interface NotificationMailer {
  /** Resolves when every event seen so far has been handled (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Follows the log from its head now and mails each notification as its event arrives. */
export async function startNotificationMail(deps: NotificationMailDeps, onError: (err: unknown) => void = () => {}): Promise<NotificationMailer> {
  // Only the types it mails: the store skips every other row (a chat line, a listing) unread. It keeps no
  // position, so it needs no word of how far the store read past them.
  const subscription: Subscription = deps.store.subscribeToAll({ fromPosition: await deps.store.headPosition(), types: [...MAILING] });
  let pending = Promise.resolve();
  const loop = (async () => {
    for await (const raw of subscription) {
      if (!MAILING.has(raw.type)) continue;
      const event = parseEvent(raw);
      if (!event) continue;
      // One after the other in log order; a slow SMTP server delays mails, never the commands.
      pending = pending.then(() => mailNotification(deps, event).then(() => undefined, onError));
    }
  })().catch(onError);
  return {
    idle: () => pending,
    async close() {
      await subscription.close();
      await loop;
      await pending;
    },
  };
}
