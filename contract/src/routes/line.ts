import { z } from 'zod';
import { idParams } from '../fields';
import { lineAppConfigJson, lineAppSessionBody, lineAppSessionJson, lineUsageJson, lineUsageQuery } from '../line-app';
import { reservationJson } from '../reservations';
import { route } from '../route';

/**
 * The LINE app (LIFF, issue 24) under `/api/line/app`: its settings, the session opened with an
 * ID token the server verifies at LINE, and the LINE user's visits to come.
 */
export const lineApp = {
  config: route({ method: 'get', path: '/api/line/app/config', responses: { 200: lineAppConfigJson } }),
  session: route({ method: 'post', path: '/api/line/app/session', body: lineAppSessionBody, responses: { 200: lineAppSessionJson } }),
  reservations: route({ method: 'get', path: '/api/line/app/reservations', responses: { 200: z.array(reservationJson) } }),
  cancel: route({ method: 'put', path: '/api/line/app/reservations/:id/cancel', params: idParams, responses: { 200: reservationJson } }),
};

/**
 * LINE's webhook. Its body is read by the handler, not by the table: the signature
 * (`X-Line-Signature`) is checked on the raw bytes first, so that an unsigned body is 401 whatever
 * it holds, before its events are validated.
 */
export const lineWebhook = {
  receive: route({ method: 'post', path: '/api/line/webhook', responses: { 200: z.object({}) } }),
};

/** The monthly count of LINE messages per clinic, for ADMIN (LINE bills the official account per message). */
export const lineUsage = {
  monthly: route({ method: 'get', path: '/api/admin/line-messages', query: lineUsageQuery, responses: { 200: lineUsageJson } }),
};
