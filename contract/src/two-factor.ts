import { z } from 'zod';

/** A staff member's own two-factor login (GET /api/staffs/two-factor). */
export const twoFactorStatusJson = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** Must use it and has not yet: until when it may be put off. */
  deadline: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});

/** The pending secret and its `otpauth://` URI (POST /api/staffs/two-factor/setup). */
export const twoFactorSetupJson = z.object({ secret: z.string(), otpauthUrl: z.string() });

/** Fresh recovery codes, shown once (activation and regeneration). */
export const recoveryCodesJson = z.object({ recoveryCodes: z.array(z.string()) });

/** A clinic's requirement of two-factor login for its staff (ADMIN). */
export const twoFactorRequirementJson = z.object({ staffRequired: z.boolean(), since: z.string().nullable() });

export type TwoFactorStatusJson = z.infer<typeof twoFactorStatusJson>;
export type TwoFactorSetupJson = z.infer<typeof twoFactorSetupJson>;
export type RecoveryCodesJson = z.infer<typeof recoveryCodesJson>;
export type TwoFactorRequirementJson = z.infer<typeof twoFactorRequirementJson>;

/** The code from the authenticator app, or a recovery code. */
export const twoFactorCodeBody = z.object({ code: z.string().trim().min(1).max(64) });
/** Whether a clinic's staff must use two-factor login. */
export const twoFactorRequirementBody = z.object({ staffRequired: z.boolean() });
