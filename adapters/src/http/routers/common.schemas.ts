import { z } from 'zod';

/** Ids are strings of digits (bigint identities). */
export const idSchema = z.string().regex(/^\d{1,18}$/, { error: 'IDの形式が正しくありません。' });
export const idParams = z.object({ id: idSchema });

export const timeOfDaySchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: '時刻はHH:mm形式で入力してください。' });

// The clinics' answers are shared with the web app (its types come from them).
export { clinicJson, publicClinicJson } from '@clinic/contract';
