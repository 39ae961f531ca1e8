import { z } from 'zod';

/** What a finished LINE flow was: linking a member's LINE, or logging in with it. */
export const LINE_PURPOSES = ['link', 'login'] as const;

/** Whether LINE Login is set up (GET /api/guests/line). */
export const lineAvailableJson = z.object({ available: z.boolean() });

/** A member's LINE link (GET /api/users/line): whether LINE Login is set up, and whether they linked theirs. */
export const memberLineJson = z.object({ available: z.boolean(), linked: z.boolean() });

/** LINE's consent screen, where the browser goes next (POST /api/guests/line/login, POST /api/users/line/link). */
export const lineStartedJson = z.object({ authorizationUrl: z.url() });

/** A finished LINE flow (POST /api/guests/line/callback) and the web app's page to go to. */
export const lineFinishedJson = z.object({ purpose: z.enum(LINE_PURPOSES), redirectTo: z.string() });

export type LinePurpose = (typeof LINE_PURPOSES)[number];
export type LineAvailableJson = z.infer<typeof lineAvailableJson>;
export type MemberLineJson = z.infer<typeof memberLineJson>;
export type LineStartedJson = z.infer<typeof lineStartedJson>;
export type LineFinishedJson = z.infer<typeof lineFinishedJson>;

export const lineCallbackBody = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(512).optional(),
});
