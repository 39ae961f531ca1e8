import type { ClinicRepositoryPort, MemberRepositoryPort, PasswordHasherPort, StaffRepositoryPort } from '@clinic/core';

/** The password of every demo account; printed at start, never used outside the demo chain. */
export const DEMO_PASSWORD = 'clinic-demo';

export interface DemoLogin {
  readonly audience: 'staff' | 'user';
  readonly id: string;
  readonly description: string;
}

/** A small seeded generator, so that the demo chain is the same on every machine. */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const FAMILY = [
  ['佐藤', 'サトウ'],
  ['鈴木', 'スズキ'],
  ['高橋', 'タカハシ'],
  ['田中', 'タナカ'],
  ['伊藤', 'イトウ'],
  ['渡辺', 'ワタナベ'],
  ['山本', 'ヤマモト'],
  ['中村', 'ナカムラ'],
  ['小林', 'コバヤシ'],
  ['加藤', 'カトウ'],
  ['吉田', 'ヨシダ'],
  ['山田', 'ヤマダ'],
] as const;
const GIVEN = [
  ['美咲', 'ミサキ'],
  ['陽菜', 'ヒナ'],
  ['結衣', 'ユイ'],
  ['さくら', 'サクラ'],
  ['葵', 'アオイ'],
  ['凛', 'リン'],
  ['健太', 'ケンタ'],
  ['翔', 'ショウ'],
  ['大輔', 'ダイスケ'],
  ['彩', 'アヤ'],
  ['真央', 'マオ'],
  ['優子', 'ユウコ'],
] as const;

const weekdays = (open: string, close: string, closed: readonly number[] = []) =>
  [0, 1, 2, 3, 4, 5, 6].filter((day) => !closed.includes(day)).map((weekday) => ({ weekday, open, close }));

export interface DemoDependencies {
  readonly clinics: ClinicRepositoryPort;
  readonly staffs: StaffRepositoryPort;
  readonly members: MemberRepositoryPort;
  readonly hasher: PasswordHasherPort;
}

const DEMO_LOGINS: DemoLogin[] = [
  { audience: 'staff', id: 'admin', description: '本部の管理者（ADMIN・所属院なし）' },
  { audience: 'staff', id: 'S1001', description: '渋谷院の院長（ADMIN）' },
  { audience: 'staff', id: 'S1002', description: '渋谷院のスタッフ（STAFF）' },
  { audience: 'staff', id: 'S2001', description: '新宿院のスタッフ（STAFF）' },
  { audience: 'user', id: '100001', description: '渋谷院の会員（診察券番号）' },
  { audience: 'user', id: '100002', description: '新宿院の会員（診察券番号）' },
];

const DEMO_DOMAIN = '@demo.clinic.example';

/** The demo logins when this database holds the demo chain (loaded now or at an earlier start). */
export const demoLoginsIfPresent = async (staffs: StaffRepositoryPort): Promise<DemoLogin[] | null> => {
  const marker = await staffs.findByLoginIdentifier('S1001');
  if (!marker?.email.endsWith(DEMO_DOMAIN)) return null;
  // A first admin made from BOOTSTRAP_ADMIN_PASSWORD kept its own password: the banner says so.
  const admin = await staffs.findByLoginIdentifier('admin');
  if (admin && admin.email.endsWith(DEMO_DOMAIN)) return DEMO_LOGINS;
  return DEMO_LOGINS.flatMap((login) =>
    login.id !== 'admin' ? [login] : admin ? [{ ...login, description: `${login.description}：パスワードは BOOTSTRAP_ADMIN_PASSWORD の値` }] : [],
  );
};

/**
 * Loads the demo chain — 渋谷院, 新宿院, 横浜院 with their hours, staff of both roles and
 * members — into a database without clinics. Returns whether it did.
 */
export const loadDemoChain = async (deps: DemoDependencies): Promise<boolean> => {
  if ((await deps.clinics.list()).length > 0) return false;
  const random = mulberry32(20261122);
  const passwordHash = await deps.hasher.hash(DEMO_PASSWORD);
  const base = { homepageUrl: null, hokenCategoryId: null, updateDeadlineHours: 24, cancelDeadlineHours: 24, minLeadMinutes: 60 };

  const shibuya = await deps.clinics.create({
    ...base,
    name: '渋谷',
    phone: '03-1234-5678',
    webBookingEnabled: true,
    openingHours: weekdays('10:00', '20:00'),
    homepageUrl: 'https://example.com/shibuya',
  });
  const shinjuku = await deps.clinics.create({
    ...base,
    name: '新宿',
    phone: '03-2345-6789',
    webBookingEnabled: true,
    openingHours: weekdays('10:00', '21:00', [3]),
  });
  const yokohama = await deps.clinics.create({
    ...base,
    name: '横浜',
    phone: '045-345-6789',
    webBookingEnabled: true,
    openingHours: weekdays('09:30', '19:00', [2]),
  });

  const staff = [
    { employeeNumber: 'admin', email: 'admin@demo.clinic.example', name: '本部 管理者', role: 'ADMIN', clinicId: null },
    { employeeNumber: 'S1001', email: `misaki.sato${DEMO_DOMAIN}`, name: '佐藤 美咲', role: 'ADMIN', clinicId: shibuya.id },
    { employeeNumber: 'S1002', email: 'kenta.suzuki@demo.clinic.example', name: '鈴木 健太', role: 'STAFF', clinicId: shibuya.id },
    { employeeNumber: 'S1003', email: 'yui.takahashi@demo.clinic.example', name: '高橋 結衣', role: 'STAFF', clinicId: shibuya.id },
    { employeeNumber: 'S2001', email: 'hina.tanaka@demo.clinic.example', name: '田中 陽菜', role: 'STAFF', clinicId: shinjuku.id },
    { employeeNumber: 'S2002', email: 'sho.ito@demo.clinic.example', name: '伊藤 翔', role: 'STAFF', clinicId: shinjuku.id },
    { employeeNumber: 'S3001', email: 'aoi.watanabe@demo.clinic.example', name: '渡辺 葵', role: 'STAFF', clinicId: yokohama.id },
    { employeeNumber: 'S3002', email: 'rin.yamamoto@demo.clinic.example', name: '山本 凛', role: 'STAFF', clinicId: yokohama.id },
  ] as const;
  for (const [index, person] of staff.entries()) {
    // A first admin made from BOOTSTRAP_ADMIN_PASSWORD keeps its own password.
    if (await deps.staffs.findByLoginIdentifier(person.employeeNumber)) continue;
    await deps.staffs.create({ ...person, priority: index, passwordHash });
  }

  const clinicIds = [shibuya.id, shinjuku.id, yokohama.id];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  for (let index = 0; index < 30; index++) {
    const [family, familyKana] = pick(FAMILY);
    const [given, givenKana] = pick(GIVEN);
    const temporary = index >= 27;
    await deps.members.create({
      userNumber: temporary ? null : String(100001 + index),
      name: `${family} ${given}`,
      kana: `${familyKana} ${givenKana}`,
      phone: `090-${String(1000 + Math.floor(random() * 9000))}-${String(1000 + index)}`,
      email: `member${index + 1}@demo.clinic.example`,
      birthday: `${1970 + Math.floor(random() * 35)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
      gender: random() < 0.8 ? 'FEMALE' : 'MALE',
      clinicId: clinicIds[index % clinicIds.length]!,
      status: temporary ? 'TEMPORARY' : 'FULL',
      passwordHash: temporary ? null : passwordHash,
      // One member has linked LINE (100027): with LINE pushes configured, their messages go by LINE.
      lineUserId: index === 26 ? 'U-demo-linked-0027' : null,
      // Two members read English (100008, 新宿) and Chinese (100012, 横浜): their pages and messages come in it.
      ...(index === 7 ? { language: 'en' as const } : index === 11 ? { language: 'zh-CN' as const } : {}),
      introducerUserId: null,
      giftCount: 0,
      externalMemberId: null,
    });
  }

  return true;
};
