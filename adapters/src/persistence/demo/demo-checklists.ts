import { clinicZone, type ClockPort } from '@clinic/core';
import { DateTime } from 'luxon';
import type { Database } from '../database';

const CHUNK = 500;

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The chain's check items (チェック項目); the category one is 渋谷's 医療脱毛. */
const CONDITIONS = [
  { name: '同意書の署名', kind: 'ALWAYS' },
  { name: '問診票の記入', kind: 'FIRST_VISIT' },
  { name: '初回カウンセリングシート', kind: 'FIRST_VISIT' },
  { name: '医療脱毛の照射前確認（日焼け・服薬）', kind: 'CATEGORY', clinic: '渋谷', category: '医療脱毛' },
] as const;

/**
 * The demo chain's check conditions and its visitors' checklists: each item of a person who
 * visited is ticked by a staff member of their clinic at the visit it belongs to (the first
 * visit; for a category, the first visit of that category) — most of them: a few stay open,
 * more often for people who first came last month or this month. Runs after the reservations.
 */
export const loadDemoChecklists = async (database: Database, clock: ClockPort): Promise<void> => {
  const { knex } = database;
  if ((await knex('check_conditions').first('id')) !== undefined) return;
  const random = mulberry32(1124);
  const now = clock.now().setZone(clinicZone);
  const recentStart = now.minus({ months: 1 }).startOf('month').toMillis();

  const conditions: Array<{ id: string; kind: string; categoryId: string | null }> = [];
  for (const [order, plan] of CONDITIONS.entries()) {
    let categoryId: string | null = null;
    if (plan.kind === 'CATEGORY') {
      const row: { id: string } | undefined = await knex('menu_categories as c')
        .join('clinics as k', 'k.id', 'c.clinic_id')
        .where({ 'k.name': plan.clinic, 'c.name': plan.category })
        .first('c.id');
      if (!row) continue;
      categoryId = String(row.id);
    }
    const [row] = await knex('check_conditions').insert({ name: plan.name, kind: plan.kind, category_id: categoryId, display_order: order }).returning('id');
    conditions.push({ id: String(row.id), kind: plan.kind, categoryId });
  }

  // Each visitor's first visit, and their first visit of each category, with its clinic.
  const firsts: Array<{ user_id: string; clinic_id: string; category_id: string; first_ms: number }> = await knex
    .raw(
      `select distinct on (r.user_id, m.category_id) r.user_id, r.clinic_id, m.category_id,
            (extract(epoch from r.starts_at) * 1000)::float8 as first_ms
     from reservations r
     join reservation_menus rm on rm.reservation_id = r.id
     join menus m on m.id = rm.menu_id
     where r.status = 'VISITED'
     order by r.user_id, m.category_id, r.starts_at`,
    )
    .then((result: { rows: Array<{ user_id: string; clinic_id: string; category_id: string; first_ms: number }> }) => result.rows);
  const staff: Array<{ id: string; clinic_id: string }> = await knex('staffs')
    .whereNull('deleted_at')
    .whereNotNull('clinic_id')
    .orderBy('priority')
    .select('id', 'clinic_id');
  const staffOf = (clinicId: string): string[] => staff.filter((s) => String(s.clinic_id) === String(clinicId)).map((s) => String(s.id));

  const visitors = new Map<string, { clinicId: string; firstMs: number; categories: Map<string, number> }>();
  for (const row of firsts) {
    const firstMs = Number(row.first_ms);
    const visitor = visitors.get(String(row.user_id)) ?? { clinicId: String(row.clinic_id), firstMs, categories: new Map<string, number>() };
    if (firstMs < visitor.firstMs) Object.assign(visitor, { clinicId: String(row.clinic_id), firstMs });
    visitor.categories.set(String(row.category_id), firstMs);
    visitors.set(String(row.user_id), visitor);
  }

  const items: Array<{ user_id: string; condition_id: string; checked: boolean; checked_at: string | null; checked_by: string | null }> = [];
  for (const [userId, visitor] of [...visitors.entries()].sort(([a], [b]) => Number(a) - Number(b))) {
    const staffIds = staffOf(visitor.clinicId);
    for (const condition of conditions) {
      const atMs = condition.kind === 'CATEGORY' ? visitor.categories.get(condition.categoryId!) : visitor.firstMs;
      if (atMs === undefined) continue;
      // Most items are ticked at the visit; newcomers' lists are still being filled in.
      const open = random() < (atMs >= recentStart ? 0.2 : 0.03);
      if (open) {
        // An opened list keeps its unticked item; otherwise the item is only due by its condition.
        if (random() < 0.5) items.push({ user_id: userId, condition_id: condition.id, checked: false, checked_at: null, checked_by: null });
        continue;
      }
      items.push({
        user_id: userId,
        condition_id: condition.id,
        checked: true,
        checked_at: DateTime.fromMillis(Math.min(atMs + (5 + Math.floor(random() * 40)) * 60_000, now.toMillis()), { zone: clinicZone }).toISO()!,
        checked_by: staffIds.length > 0 ? staffIds[Math.floor(random() * staffIds.length)]! : null,
      });
    }
  }
  for (let i = 0; i < items.length; i += CHUNK) await knex('check_items').insert(items.slice(i, i + CHUNK));
};
