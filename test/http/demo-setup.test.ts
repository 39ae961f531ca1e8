import { DEMO_PASSWORD } from '@clinic/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/http-harness';
import { expectedMasks, keptMasks } from '../support/busy-quarter-truth';
import { keptMismatches } from '../support/report-rollup-truth';
import { waitFor } from '../support/wait';

interface Named {
  id: string;
  name: string;
}

describe('demo chain facilities and menus', () => {
  let server: TestServer;
  let staff: TestClient;
  let clinics: (Named & { hokenCategoryId: string | null })[];

  beforeAll(async () => {
    server = await startTestServer({ DEMO_DATA: 'on' });
    staff = server.client();
    await staff.login('staffS1002', DEMO_PASSWORD);
    clinics = (await staff.get('/api/staffs/clinics')).body;
  });
  afterAll(() => server.close());

  const clinic = (name: string) => clinics.find((entry) => entry.name === name)!;

  it("keeps the reports' rollups and the busy quarter-hours exact after the bulk load, which computes them once at its end instead of row by row", async () => {
    const [{ visits }] = (await server.db.knex.raw(`select count(*)::int as visits from reservations where status = 'VISITED'`)).rows;
    expect(visits).toBeGreaterThan(1000);
    const [{ kept }] = (await server.db.knex.raw(`select count(*)::int as kept from report_month_visitors`)).rows;
    expect(kept).toBeGreaterThan(100);
    expect(await keptMismatches(server.db)).toEqual([]);
    const masks = await keptMasks(server.db);
    expect(masks.length).toBeGreaterThan(1000);
    expect(masks).toEqual(await expectedMasks(server.db));
    // The per-row triggers are on again for what comes after the load.
    const { rows } = await server.db.knex.raw(
      `select t.tgname, t.tgenabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace
          and t.tgname in ('reservations_report_rollups', 'reservations_visit_menus', 'reservation_menus_to_reservation', 'allocations_busy_quarters_insert')
        order by t.tgname`,
    );
    expect(rows).toEqual([
      { tgname: 'allocations_busy_quarters_insert', tgenabled: 'O' },
      { tgname: 'reservation_menus_to_reservation', tgenabled: 'O' },
      { tgname: 'reservations_report_rollups', tgenabled: 'O' },
      { tgname: 'reservations_visit_menus', tgenabled: 'O' },
    ]);
  });

  it('gives each clinic 3–5 rooms and 2–3 machines', async () => {
    expect(clinics.map((entry) => entry.name)).toEqual(['渋谷', '新宿', '横浜']);
    for (const { id } of clinics) {
      const rooms: Named[] = (await staff.get(`/api/staffs/rooms?clinicId=${id}`)).body;
      const machines: Named[] = (await staff.get(`/api/staffs/machines?clinicId=${id}`)).body;
      expect(rooms.length).toBeGreaterThanOrEqual(3);
      expect(rooms.length).toBeLessThanOrEqual(5);
      expect(rooms.map((room) => room.name)).toEqual(expect.arrayContaining(['施術室1', 'カウンセリング室']));
      expect(machines.length).toBeGreaterThanOrEqual(2);
      expect(machines.length).toBeLessThanOrEqual(3);
      expect(machines.map((machine) => machine.name)).toContain('医療脱毛レーザー ジェントルマックス');
    }
  });

  it('gives each clinic the three categories, 保険診療 being the insurance category at 渋谷 and 新宿', async () => {
    for (const { id, name, hokenCategoryId } of clinics) {
      const categories: Named[] = (await staff.get(`/api/staffs/menu-categories?clinicId=${id}`)).body;
      expect(categories.map((category) => category.name)).toEqual(['医療脱毛', '美容皮膚科', '保険診療']);
      const hoken = categories.find((category) => category.name === '保険診療')!.id;
      expect(hokenCategoryId, name).toBe(name === '横浜' ? null : hoken);
    }
  });

  it('has realistic menus: counselling, a multi-task contract course, insurance', async () => {
    const shibuya = clinic('渋谷');
    const rooms: Named[] = (await staff.get(`/api/staffs/rooms?clinicId=${shibuya.id}`)).body;
    const machines: Named[] = (await staff.get(`/api/staffs/machines?clinicId=${shibuya.id}`)).body;
    const idOf = (list: Named[], name: string) => list.find((entry) => entry.name === name)!.id;
    const menus = (await staff.get(`/api/admin/menus/all?clinicId=${shibuya.id}`)).body as {
      id: string;
      name: string;
      kind: string;
      price: number;
      categoryName: string;
      durationMinutes: number;
      afterMenuId: string | null;
      tasks: { label: string; durationMinutes: number; needsStaff: boolean; roomIds: string[]; machineIds: string[] }[];
    }[];
    const byName = (name: string) => menus.find((menu) => menu.name === name)!;

    const counselling = byName('新規カウンセリング');
    expect(counselling).toMatchObject({ kind: 'NEW', categoryName: '医療脱毛', durationMinutes: 30, afterMenuId: byName('全身脱毛 5回コース').id });
    expect(counselling.tasks).toEqual([expect.objectContaining({ needsStaff: true, roomIds: [idOf(rooms, 'カウンセリング室')], machineIds: [] })]);

    const course = byName('全身脱毛 5回コース');
    expect(course).toMatchObject({ kind: 'CONTRACT', price: 198000, durationMinutes: 90 });
    const treatmentRooms = ['施術室1', '施術室2', '施術室3'].map((name) => idOf(rooms, name));
    expect(
      course.tasks.map(({ label, durationMinutes, needsStaff, roomIds, machineIds }) => ({ label, durationMinutes, needsStaff, roomIds, machineIds })),
    ).toEqual([
      { label: 'カウンセリング', durationMinutes: 15, needsStaff: true, roomIds: [idOf(rooms, 'カウンセリング室')], machineIds: [] },
      { label: '照射', durationMinutes: 60, needsStaff: true, roomIds: treatmentRooms, machineIds: [idOf(machines, '医療脱毛レーザー ジェントルマックス')] },
      { label: 'クーリング', durationMinutes: 15, needsStaff: false, roomIds: treatmentRooms, machineIds: [] },
    ]);

    expect(byName('保険診療 ニキビ治療')).toMatchObject({ kind: 'INSURANCE', categoryName: '保険診療' });
    expect(menus.map((menu) => menu.name)).toEqual(expect.arrayContaining(['顔脱毛 5回コース', 'ピコトーニング', 'ハイフ（全顔）']));
    for (const menu of menus) {
      expect(menu.price).toBeGreaterThanOrEqual(0);
      for (const task of menu.tasks) expect(task.durationMinutes % 15).toBe(0);
    }
  });

  it('leaves out menus whose machine a clinic lacks, and shows guests only web-bookable ones', async () => {
    const yokohama = clinic('横浜');
    const names = (await staff.get(`/api/admin/menus/all?clinicId=${yokohama.id}`)).body.map((menu: Named) => menu.name);
    expect(names).toContain('ハイフ（全顔）');
    expect(names).not.toContain('ピコトーニング');
    const guestNames = (await server.client().get(`/api/guests/menus?clinicId=${clinic('渋谷').id}`)).body.map((menu: Named) => menu.name);
    expect(guestNames).toContain('新規カウンセリング');
    expect(guestNames).not.toContain('ハイフ（全顔） 3回コース');
  });

  it('asks the laser hair removal menus for the published 問診票 and 同意書, and has a doctor in each clinic (docs/forms.md)', async () => {
    const admin = server.client();
    await admin.login('staffadmin', DEMO_PASSWORD);
    const forms: { id: string; title: string; kind: string; activeVersionId: string | null }[] = (await admin.get('/api/admin/forms')).body;
    expect(forms.map((form) => [form.title, form.kind])).toEqual([
      ['医療脱毛 問診票', 'QUESTIONNAIRE'],
      ['医療脱毛 同意書', 'CONSENT'],
    ]);
    expect(forms.every((form) => form.activeVersionId !== null)).toBe(true);
    for (const { id } of clinics) {
      const menus: (Named & { forms?: { formId: string; when: string }[] })[] = (await admin.get(`/api/admin/menus?clinicId=${id}`)).body;
      expect(menus.find((menu) => menu.name === '全身脱毛 5回コース')?.forms).toEqual([
        { formId: forms[0]!.id, when: 'EVERY_VISIT' },
        { formId: forms[1]!.id, when: 'FIRST_VISIT' },
      ]);
      expect(menus.find((menu) => menu.name === '新規カウンセリング')?.forms).toEqual([]);
      const staffs: { doctor: boolean }[] = (await admin.get(`/api/admin/staffs?clinicId=${id}`)).body;
      expect(staffs.filter((member) => member.doctor)).toHaveLength(1);
    }
  });

  it('names every category and menu in English and Chinese, and guests see them in their language', async () => {
    const missing = async (table: string) =>
      (
        await server.db.knex.raw(
          `select count(*)::int as n from ${table} where coalesce(translations->'en'->>'name', '') = '' or coalesce(translations->'zh-CN'->>'name', '') = ''`,
        )
      ).rows[0].n;
    expect(await missing('menus')).toBe(0);
    expect(await missing('menu_categories')).toBe(0);
    const shibuya = clinic('渋谷').id;
    const inEnglish = (await server.client().request('GET', `/api/guests/menus?clinicId=${shibuya}`, { headers: { 'Accept-Language': 'en' } })).body.map(
      (menu: Named) => menu.name,
    );
    expect(inEnglish).toEqual(expect.arrayContaining(['First consultation (hair removal)', 'Pico toning', 'HIFU (full face)']));
    const inChinese = (await server.client().request('GET', `/api/guests/menus?clinicId=${shibuya}`, { headers: { 'Accept-Language': 'zh-CN' } })).body.map(
      (menu: Named) => menu.name,
    );
    expect(inChinese).toEqual(expect.arrayContaining(['皮秒净肤', '超声刀（全脸）']));
  });

  it("gives the demo bookings their messages: 送信履歴 shows confirmations sent at start and reminders to come, each in its recipient's language", async () => {
    const shibuya = clinic('渋谷').id;
    const rows: { kind: string; status: string; userId: string | null }[] = (await staff.get(`/api/staffs/messages?clinicId=${shibuya}`)).body;
    expect(rows.some((row) => row.kind === 'REMINDER' && row.status === 'SCHEDULED')).toBe(true);
    // The confirmations due at start are rendered and sent by the worker like any other, each in its recipient's language.
    const sentIn = async (language: string) =>
      (await server.db
        .knex('messages as m')
        .join('users as u', 'u.id', 'm.user_id')
        .where({ 'm.status': 'SENT', 'm.kind': 'CONFIRMATION', 'u.language': language })
        .pluck('m.subject')) as string[];
    const japanese = await waitFor(async () => ((await sentIn('ja')).length > 0 ? sentIn('ja') : undefined), 'a Japanese confirmation');
    const english = await waitFor(async () => ((await sentIn('en')).length > 0 ? sentIn('en') : undefined), 'an English confirmation');
    const chinese = await waitFor(async () => ((await sentIn('zh-CN')).length > 0 ? sentIn('zh-CN') : undefined), 'a Chinese confirmation');
    expect(japanese.every((subject) => /^【.+院】ご予約を承りました$/.test(subject))).toBe(true);
    expect(english.every((subject) => /^\[.+院\] Your booking is confirmed$/.test(subject))).toBe(true);
    expect(chinese.every((subject) => /^【.+院】预约已确认$/.test(subject))).toBe(true);
    const shown: { kind: string; status: string }[] = (await staff.get(`/api/staffs/messages?clinicId=${shibuya}&status=SENT`)).body;
    expect(shown.some((row) => row.kind === 'CONFIRMATION')).toBe(true);
  });
});
