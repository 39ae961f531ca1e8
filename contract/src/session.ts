import { z } from 'zod';
import { STAFF_ROLES } from './staffs';

/** POST /api/login (a form): a staff login ID or a member's e-mail, and the password. */
export const loginForm = z.object({
  username: z.string().min(1).max(300),
  password: z.string().min(1).max(1024),
  /** Staff with two-factor login: the 6-digit code of the authenticator app, or a recovery code. */
  code: z.string().max(64).optional(),
});

/** Who logged in. */
export const loggedIn = z.object({
  type: z.enum(['staff', 'user']),
  id: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES).optional(),
});
