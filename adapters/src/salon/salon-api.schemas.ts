import { z } from 'zod';

/**
 * The JSON the salon-management system answers (docs/integrations.md). Anything else is an
 * unusable answer: nothing is written from it.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const salonMemberSchema = z.object({
  memberId: z.string().min(1).max(64),
  cardNumber: z.string().min(1).max(32).nullable(),
  name: z.string().min(1).max(200),
  kana: z.string().max(200).nullable(),
  phone: z.string().max(32).nullable(),
  email: z.string().max(254).nullable(),
  points: z.number().int().min(0),
});

export const salonContractSchema = z
  .object({
    contractId: z.string().min(1).max(64),
    menuId: z.string().regex(/^\d{1,18}$/),
    menuName: z.string().min(1).max(200),
    sessionsTotal: z.number().int().min(1).max(1000),
    sessionsUsed: z.number().int().min(0),
    expiresOn: isoDate.nullable(),
    contractedAt: z.iso.datetime({ offset: true }),
  })
  .refine((contract) => contract.sessionsUsed <= contract.sessionsTotal, { message: 'sessionsUsed exceeds sessionsTotal', path: ['sessionsUsed'] });

export const memberAnswer = z.object({ member: salonMemberSchema });
export const membersAnswer = z.object({ members: z.array(salonMemberSchema).max(1) });
export const contractsAnswer = z.object({ contracts: z.array(salonContractSchema) });
export const exportAnswer = z.object({
  members: z.array(salonMemberSchema.extend({ contracts: z.array(salonContractSchema) })),
  nextCursor: z.string().min(1).nullable(),
});
