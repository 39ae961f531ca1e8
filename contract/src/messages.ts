import { z } from 'zod';
import { idSchema } from './fields';

// The same lists as the core's (`MESSAGE_STATUSES`, `MESSAGE_KINDS`): contract depends on zod only,
// and the HTTP adapter's `toMessageJson` is typed by `messageJson`, so the compiler keeps them in step.
export const MESSAGE_STATUSES = ['SCHEDULED', 'SENT', 'FAILED', 'CANCELLED'] as const;
export const MESSAGE_KINDS = ['CONFIRMATION', 'CHANGE', 'CANCELLATION', 'REMINDER', 'WAITLIST_OFFER'] as const;
export const MESSAGE_CHANNELS = ['MAIL', 'LINE'] as const;

/** One message sent (or to be sent) to a member or a guest: a row of GET /api/staffs/messages. */
export const messageJson = z.object({
  id: z.string(),
  clinicId: z.string(),
  userId: z.string().nullable(),
  reservationId: z.string().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  status: z.enum(MESSAGE_STATUSES),
  to: z.string(),
  subject: z.string().nullable(),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Whether 再送 would be accepted now (FAILED, or SENT at least 10 minutes ago, and not about a visit that is no longer live). */
  resendable: z.boolean(),
});

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export type MessageJson = z.infer<typeof messageJson>;

export const messagesQuery = z.object({
  clinicId: idSchema,
  userId: idSchema.optional(),
  reservationId: idSchema.optional(),
  status: z.enum(MESSAGE_STATUSES, { error: '状態はSCHEDULED、SENT、FAILED、CANCELLEDのいずれかです。' }).optional(),
});

export const messageParams = z.object({ id: z.uuid({ error: 'IDの形式が正しくありません。' }) });
