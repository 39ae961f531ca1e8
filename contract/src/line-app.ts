import { z } from 'zod';
import { idSchema } from './fields';
import { MESSAGE_KINDS, type MessageKind } from './messages';

/** How the web app starts the LINE app (GET /api/line/app/config): its LIFF ID, and whether it runs on @line/liff-mock. */
export const lineAppConfigJson = z.object({ liffId: z.string(), mock: z.boolean() });

/** POST /api/line/app/session: the ID token LIFF gave (`liff.getIDToken()`), for the server to verify at LINE. */
export const lineAppSessionBody = z.object({
  idToken: z.string().min(1).max(4096).describe('LIFFの `liff.getIDToken()` が返すIDトークン'),
});

/** Who opened the LINE app (POST /api/line/app/session): the verified LINE user, and the member linked to them. */
export const lineAppSessionJson = z.object({
  lineUserId: z.string(),
  member: z.object({ id: z.string(), name: z.string(), clinicId: z.string() }).nullable(),
});

export type LineAppConfigJson = z.infer<typeof lineAppConfigJson>;
export type LineAppSessionJson = z.infer<typeof lineAppSessionJson>;

/** GET /api/admin/line-messages: a month (Asia/Tokyo), and one clinic (else the ADMIN's own, or the whole chain for the head office). */
export const lineUsageQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月はYYYY-MMの形式で指定してください。' }),
  clinicId: idSchema.optional(),
});

const countsByKind = z.object(Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, z.number().int()])) as Record<MessageKind, z.ZodNumber>);

/** The LINE messages sent in a month, per clinic and kind (LINE bills per message). */
export const lineUsageJson = z.object({
  month: z.string(),
  /** Sent at the clinics listed. */
  total: z.number().int(),
  clinics: z.array(
    z.object({
      clinicId: z.string(),
      clinicName: z.string(),
      /** The LINE messages LINE accepted in the month: what it bills (`byKind` and `welcomes`). */
      sent: z.number().int(),
      byKind: countsByKind,
      /** Welcomes pushed to members who added the official account as a friend (not in the message log). */
      welcomes: z.number().int(),
    }),
  ),
});

export type LineUsageQuery = z.input<typeof lineUsageQuery>;
export type LineUsageJson = z.infer<typeof lineUsageJson>;
