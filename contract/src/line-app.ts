import { z } from 'zod';

/** How the web app starts the LINE app (GET /api/line/app/config): its LIFF ID, and whether it runs on @line/liff-mock. */
export const lineAppConfigJson = z.object({ liffId: z.string(), mock: z.boolean() });

/** Who opened the LINE app (POST /api/line/app/session): the verified LINE user, and the member linked to them. */
export const lineAppSessionJson = z.object({
  lineUserId: z.string(),
  member: z.object({ id: z.string(), name: z.string(), clinicId: z.string() }).nullable(),
});

export type LineAppConfigJson = z.infer<typeof lineAppConfigJson>;
export type LineAppSessionJson = z.infer<typeof lineAppSessionJson>;
