/**
 * The events of LINE's webhook this system acts on, as kept in its inbox. Other event types are
 * kept (so that a redelivery is recognised) and otherwise ignored.
 */
export interface LineWebhookEvent {
  /** LINE's `webhookEventId`: the same on a redelivery. */
  readonly id: string;
  readonly type: string;
  /** `source.userId`, when the event comes from a user. */
  readonly lineUserId: string | null;
  /** A postback's `data`. */
  readonly postbackData: string | null;
}

/** What a postback of our buttons asks for (`action=confirm&reservationId=<id>`, messages/domain/line-buttons.ts), or null for anything else. */
export const parsePostback = (data: string | null): { readonly action: 'confirm'; readonly reservationId: string } | null => {
  if (!data || data.length > 300) return null;
  const params = new URLSearchParams(data);
  const reservationId = params.get('reservationId') ?? '';
  if (params.get('action') !== 'confirm' || !/^\d{1,18}$/.test(reservationId)) return null;
  return { action: 'confirm', reservationId };
};
