/**
 * A notification's id: `<cause stream>~<cause event id>~<userId>`. The projector makes one per (event, account)
 * it notifies; the command side reads the cause back from its stream to tell a real notification from a
 * made-up id (issue 23 L7), and the trailing account id keeps other accounts' ids 404 without a read.
 */
export const notificationId = (causeStream: string, causeEventId: string, userId: string) => `${causeStream}~${causeEventId}~${userId}`;

/** The parts of a notification id, or null when it has no such shape (the last two parts are ids without '~'). */
export function parseNotificationId(id: string): { causeStream: string; causeEventId: string; userId: string } | null {
  const match = /^(.+)~([^~]+)~([^~]+)$/.exec(id);
  if (!match) return null;
  const [, causeStream, causeEventId, userId] = match as unknown as [string, string, string, string];
  return { causeStream, causeEventId, userId };
}
