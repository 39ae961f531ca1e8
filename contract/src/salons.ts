import { z } from 'zod';
import { idSchema } from './fields';

export const memberInfoQuery = z.object({ userId: idSchema });

export const salonMemberJson = z.object({
  memberId: z.string(),
  cardNumber: z.string().nullable(),
  name: z.string(),
  kana: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  points: z.number(),
});

export const memberInfoJson = z.object({
  userId: z.string(),
  userNumber: z.string().nullable(),
  externalMemberId: z.string().nullable(),
  salon: salonMemberJson,
});

export const salonEkimuJson = z.object({
  /** SALON: live from the salon system; LEDGER: the built-in ledger (no salon system configured). */
  source: z.enum(['SALON', 'LEDGER']),
  contracts: z.array(
    z.object({
      id: z.string(),
      menuId: z.string(),
      menuName: z.string(),
      sessionsTotal: z.number(),
      sessionsUsed: z.number(),
      sessionsRemaining: z.number(),
      expiresOn: z.string().nullable(),
    }),
  ),
});

export const salonsApiBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('sync') }).strict(),
  z.object({ action: z.literal('status') }).strict(),
]);

export const countsJson = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });

export const salonsApiJson = z.union([
  z.object({
    action: z.literal('sync'),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    errors: z.array(z.object({ memberId: z.string(), contractId: z.string().optional(), reason: z.string() })),
    members: countsJson,
    contracts: countsJson,
  }),
  z.object({ action: z.literal('status'), configured: z.boolean(), circuit: z.enum(['closed', 'open', 'half-open']).nullable() }),
]);
