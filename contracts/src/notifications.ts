import * as z from 'zod/mini';

/*
 * Notifications (issue 12): their own module, apart from orders, so a page that shows only the bell
 * (every page's header) does not load the checkout's and the order life's schemas.
 */
export const NOTIFICATION_TYPES = ['order', 'promotion', 'review', 'system', 'quote'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = { order: '주문', promotion: '혜택', review: '리뷰', system: '시스템', quote: '견적' };
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** Where the notification leads (an order, a product, the support page). */
  link: z.nullable(z.string()),
  date: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
/** `GET /api/notifications?page=`. */
export const notificationsSchema = z.object({ notifications: z.array(notificationSchema), total: z.number(), unread: z.number(), page: z.number(), pageSize: z.number() });
export type Notifications = z.infer<typeof notificationsSchema>;
/** `GET /api/notifications/unread-count`. */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
/** The `notification:new` push (to the owner's room only). */
export const notificationPushSchema = z.object({ notification: notificationSchema, unread: z.number() });
export type NotificationPush = z.infer<typeof notificationPushSchema>;
/** The `notification:read` push (to the owner's room only): the notification read (null: all of them up to then) and the unread count after it. */
export const notificationReadPushSchema = z.object({ id: z.nullable(z.string()), unread: z.number() });
export type NotificationReadPush = z.infer<typeof notificationReadPushSchema>;
