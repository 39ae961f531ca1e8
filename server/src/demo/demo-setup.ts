import type {
  Clinic,
  ClinicRepositoryPort,
  ManageFacilitiesUseCase,
  MenuDraft,
  MenuKind,
  MenuTaskDraft,
  Result,
  ScopedActor,
  Translations,
} from '@clinic/core';
import type { Container } from 'inversify';
import { FACILITIES } from '../container/facilities.module';
import { MENUS } from '../container/menus.module';
import { CLINICS } from '../container/tokens';

const SYSTEM: ScopedActor = { type: 'system', id: null };

const valueOf = <T>(result: Result<T>, what: string): T => {
  if (!result.ok) throw new Error(`demo set-up: ${what} was refused (${result.error.code})`);
  return result.value;
};

const LASER = '医療脱毛レーザー ジェントルマックス';
const PICO = 'ピコレーザー';
const HIFU = 'ハイフ';

interface ClinicPlan {
  readonly rooms: readonly string[];
  readonly machines: readonly string[];
  /** Whether 保険診療 becomes the clinic's hokenCategoryId. */
  readonly insurance: boolean;
}

/** 渋谷 is the flagship; 横浜 is small and has no insurance practice yet. */
const PLANS: Readonly<Record<string, ClinicPlan>> = {
  渋谷: { rooms: ['施術室1', '施術室2', '施術室3', 'カウンセリング室', 'パウダールーム'], machines: [LASER, PICO, HIFU], insurance: true },
  新宿: { rooms: ['施術室1', '施術室2', 'カウンセリング室', 'パウダールーム'], machines: [LASER, PICO], insurance: true },
  横浜: { rooms: ['施術室1', '施術室2', 'カウンセリング室'], machines: [LASER, HIFU], insurance: false },
};

/** Where a task happens: treatment rooms, the counselling room, the powder room; which machine. */
type Place = 'TREATMENT' | 'COUNSELLING' | 'POWDER' | 'NONE';
interface TaskPlan {
  readonly label: string;
  readonly minutes: number;
  readonly staff: boolean;
  readonly place: Place;
  readonly machine?: string;
}
interface MenuPlan {
  readonly category: '医療脱毛' | '美容皮膚科' | '保険診療';
  readonly name: string;
  /** English and Chinese for visitors from abroad (docs/languages.md). */
  readonly translations: Translations;
  readonly kind: MenuKind;
  readonly price: number;
  readonly description: string;
  readonly webBookable?: boolean;
  readonly after?: string;
  readonly tasks: readonly TaskPlan[];
}

/** The categories, in their order, with their English and Chinese names. */
const CATEGORY_TRANSLATIONS: Record<MenuPlan['category'], Translations> = {
  医療脱毛: { en: { name: 'Laser hair removal' }, 'zh-CN': { name: '医疗脱毛' } },
  美容皮膚科: { en: { name: 'Cosmetic dermatology' }, 'zh-CN': { name: '美容皮肤科' } },
  保険診療: { en: { name: 'Health insurance treatment' }, 'zh-CN': { name: '医保诊疗' } },
};

const counselling: TaskPlan = { label: 'カウンセリング', minutes: 15, staff: true, place: 'COUNSELLING' };
const cooling: TaskPlan = { label: 'クーリング', minutes: 15, staff: false, place: 'TREATMENT' };
const face: TaskPlan = { label: '洗顔・メイクオフ', minutes: 15, staff: false, place: 'POWDER' };

const MENUS_PLAN: readonly MenuPlan[] = [
  {
    category: '医療脱毛',
    name: '新規カウンセリング',
    translations: {
      en: {
        name: 'First consultation (hair removal)',
        description: 'For your first laser hair removal: a doctor or nurse checks your skin and hair and suggests a plan.',
      },
      'zh-CN': { name: '初次咨询（医疗脱毛）', description: '初次进行医疗脱毛的顾客：医生或护士确认肤质与毛发状况，为您推荐方案。' },
    },
    kind: 'NEW',
    price: 0,
    description: '医療脱毛が初めての方へ。医師・看護師が肌質や毛質を確認し、プランをご提案します。',
    after: '全身脱毛 5回コース',
    tasks: [{ label: 'カウンセリング', minutes: 30, staff: true, place: 'COUNSELLING' }],
  },
  {
    category: '医療脱毛',
    name: '全身脱毛 5回コース',
    translations: {
      en: {
        name: 'Full-body hair removal (5-session course)',
        description: 'The whole body except the face and VIO. For your 2nd and later sessions under contract.',
      },
      'zh-CN': { name: '全身脱毛 5次疗程', description: '除面部与VIO外的全身。已签约顾客第2次及以后的预约请选此项。' },
    },
    kind: 'CONTRACT',
    price: 198000,
    description: '顔・VIOを除く全身。ご契約中の方の2回目以降のご予約はこちら。',
    tasks: [counselling, { label: '照射', minutes: 60, staff: true, place: 'TREATMENT', machine: LASER }, cooling],
  },
  {
    category: '医療脱毛',
    name: '顔脱毛 5回コース',
    translations: {
      en: { name: 'Face hair removal (5-session course)', description: 'Forehead, cheeks, upper lip and chin.' },
      'zh-CN': { name: '面部脱毛 5次疗程', description: '额头、脸颊、鼻下、下巴。' },
    },
    kind: 'CONTRACT',
    price: 49800,
    description: '額・頬・鼻下・あご。',
    tasks: [{ label: '照射', minutes: 30, staff: true, place: 'TREATMENT', machine: LASER }, cooling],
  },
  {
    category: '医療脱毛',
    name: 'VIO脱毛 5回コース',
    translations: {
      en: { name: 'VIO hair removal (5-session course)', description: 'V, I and O lines.' },
      'zh-CN': { name: 'VIO脱毛 5次疗程', description: 'V区、I区、O区。' },
    },
    kind: 'CONTRACT',
    price: 69800,
    description: 'Vライン・Iライン・Oライン。',
    tasks: [{ label: '照射', minutes: 45, staff: true, place: 'TREATMENT', machine: LASER }, cooling],
  },
  {
    category: '医療脱毛',
    name: '両ワキ脱毛 お試し1回',
    translations: {
      en: { name: 'Underarm hair removal (one trial session)', description: 'A single session for first-time clients only.' },
      'zh-CN': { name: '双腋脱毛 体验1次', description: '仅限首次来院顾客的单次方案。' },
    },
    kind: 'NEW',
    price: 1000,
    description: '初めての方限定の1回プランです。',
    after: '全身脱毛 5回コース',
    tasks: [{ label: '照射', minutes: 15, staff: true, place: 'TREATMENT', machine: LASER }],
  },
  {
    category: '美容皮膚科',
    name: '美容皮膚科 新規カウンセリング',
    translations: {
      en: { name: 'First consultation (cosmetic dermatology)', description: 'Tell us about spots, dullness or sagging, and we suggest a treatment.' },
      'zh-CN': { name: '初次咨询（美容皮肤科）', description: '倾听您关于色斑、暗沉、松弛等烦恼，并为您推荐治疗方案。' },
    },
    kind: 'NEW',
    price: 0,
    description: 'シミ・くすみ・たるみなどのお悩みをお聞きし、治療をご提案します。',
    tasks: [{ label: 'カウンセリング', minutes: 30, staff: true, place: 'COUNSELLING' }],
  },
  {
    category: '美容皮膚科',
    name: 'ピコトーニング',
    translations: {
      en: { name: 'Pico toning', description: 'For melasma and dullness, with almost no downtime.' },
      'zh-CN': { name: '皮秒净肤', description: '适用于黄褐斑、暗沉，几乎没有恢复期。' },
    },
    kind: 'NEW',
    price: 14800,
    description: '肝斑・くすみに。ダウンタイムがほとんどありません。',
    tasks: [
      face,
      { label: '照射', minutes: 30, staff: true, place: 'TREATMENT', machine: PICO },
      { label: '保湿・お仕度', minutes: 15, staff: false, place: 'POWDER' },
    ],
  },
  {
    category: '美容皮膚科',
    name: 'ピコトーニング 5回コース',
    translations: {
      en: { name: 'Pico toning (5-session course)', description: 'For your 2nd and later sessions under contract.' },
      'zh-CN': { name: '皮秒净肤 5次疗程', description: '已签约顾客第2次及以后的预约请选此项。' },
    },
    kind: 'CONTRACT',
    price: 64800,
    description: 'ご契約中の方の2回目以降のご予約はこちら。',
    tasks: [face, { label: '照射', minutes: 30, staff: true, place: 'TREATMENT', machine: PICO }],
  },
  {
    category: '美容皮膚科',
    name: 'ハイフ（全顔）',
    translations: {
      en: { name: 'HIFU (full face)', description: 'High-intensity focused ultrasound to tighten the face line.' },
      'zh-CN': { name: '超声刀（全脸）', description: '利用高强度聚焦超声波紧致面部轮廓。' },
    },
    kind: 'NEW',
    price: 39800,
    description: '高密度焦点式超音波でフェイスラインを引き締めます。',
    tasks: [face, { label: '照射', minutes: 60, staff: true, place: 'TREATMENT', machine: HIFU }],
  },
  {
    category: '美容皮膚科',
    name: 'ハイフ（全顔） 3回コース',
    translations: {
      en: { name: 'HIFU (full face, 3-session course)', description: 'For your 2nd and later sessions under contract.' },
      'zh-CN': { name: '超声刀（全脸）3次疗程', description: '已签约顾客第2次及以后的预约请选此项。' },
    },
    kind: 'CONTRACT',
    price: 99800,
    description: 'ご契約中の方の2回目以降のご予約はこちら。',
    webBookable: false,
    tasks: [face, { label: '照射', minutes: 60, staff: true, place: 'TREATMENT', machine: HIFU }],
  },
  {
    category: '保険診療',
    name: '保険診療 ニキビ治療',
    translations: {
      en: {
        name: 'Acne treatment (health insurance)',
        description: 'Please bring your health insurance card. The price is an estimate of the 30 % co-payment.',
      },
      'zh-CN': { name: '痤疮治疗（医保诊疗）', description: '请携带医保卡。费用为自付30%的参考金额。' },
    },
    kind: 'INSURANCE',
    price: 1500,
    description: '保険証をお持ちください。料金は3割負担の目安です。',
    tasks: [
      { label: '診察', minutes: 15, staff: true, place: 'TREATMENT' },
      { label: '処置', minutes: 15, staff: true, place: 'TREATMENT' },
    ],
  },
  {
    category: '保険診療',
    name: '保険診療 湿疹・かぶれ',
    translations: {
      en: {
        name: 'Eczema and rashes (health insurance)',
        description: 'Please bring your health insurance card. The price is an estimate of the 30 % co-payment.',
      },
      'zh-CN': { name: '湿疹・皮炎（医保诊疗）', description: '请携带医保卡。费用为自付30%的参考金额。' },
    },
    kind: 'INSURANCE',
    price: 1200,
    description: '保険証をお持ちください。料金は3割負担の目安です。',
    tasks: [{ label: '診察', minutes: 15, staff: true, place: 'TREATMENT' }],
  },
];

const addAll = async (manage: ManageFacilitiesUseCase, clinicId: string, names: readonly string[]): Promise<Map<string, string>> => {
  const ids = new Map<string, string>();
  for (const name of names) ids.set(name, valueOf(await manage.create(SYSTEM, { clinicId, name }), name).id);
  return ids;
};

/**
 * The demo chain's facilities and menus: rooms, machines, categories (医療脱毛, 美容皮膚科,
 * 保険診療) and realistic menus with multi-task flows. Runs right after loadDemoChain; the same
 * data on every machine. A menu whose machine a clinic lacks is left out there.
 */
export const loadDemoSetup = async (container: Container): Promise<void> => {
  const clinics = container.get(CLINICS.clinics);
  const manageRooms = container.get(FACILITIES.manageRooms);
  const manageMachines = container.get(FACILITIES.manageMachines);
  const manageCategories = container.get(MENUS.manageCategories);
  const saveMenu = container.get(MENUS.saveMenu);

  for (const clinic of await clinics.list()) {
    const plan = PLANS[clinic.name];
    if (!plan) continue;
    const rooms = await addAll(manageRooms, clinic.id, plan.rooms);
    const machines = await addAll(manageMachines, clinic.id, plan.machines);
    const categories = new Map<string, string>();
    for (const [name, translations] of Object.entries(CATEGORY_TRANSLATIONS)) {
      categories.set(name, valueOf(await manageCategories.create(SYSTEM, { clinicId: clinic.id, name, translations }), name).id);
    }
    const treatment = plan.rooms.filter((name) => name.startsWith('施術室')).map((name) => rooms.get(name)!);
    const roomsFor = (place: Place): string[] => {
      if (place === 'TREATMENT') return treatment;
      if (place === 'COUNSELLING') return [rooms.get('カウンセリング室')!];
      if (place === 'POWDER') return rooms.has('パウダールーム') ? [rooms.get('パウダールーム')!] : treatment;
      return [];
    };

    const menuIds = new Map<string, string>();
    const offered = MENUS_PLAN.filter((menu) => menu.tasks.every((task) => !task.machine || machines.has(task.machine)));
    // After-menus point forward, so menus are created first and linked afterwards.
    for (const pass of ['create', 'link'] as const) {
      for (const menu of offered) {
        if (pass === 'link' && !menu.after) continue;
        const tasks: MenuTaskDraft[] = menu.tasks.map((task) => ({
          label: task.label,
          durationMinutes: task.minutes,
          needsStaff: task.staff,
          roomIds: roomsFor(task.place),
          machineIds: task.machine ? [machines.get(task.machine)!] : [],
        }));
        const draft: MenuDraft = {
          categoryId: categories.get(menu.category)!,
          name: menu.name,
          translations: menu.translations,
          description: menu.description,
          enabled: true,
          webBookable: menu.webBookable ?? true,
          kind: menu.kind,
          price: menu.price,
          afterMenuId: pass === 'link' ? (menuIds.get(menu.after!) ?? null) : null,
          tasks,
        };
        const saved = pass === 'create' ? await saveMenu.create(SYSTEM, draft) : await saveMenu.update(SYSTEM, menuIds.get(menu.name)!, draft);
        menuIds.set(menu.name, valueOf(saved, menu.name).id);
      }
    }

    if (plan.insurance) await setHokenCategory(clinics, clinic, categories.get('保険診療')!);
  }
};

/** 保険診療 becomes the clinic's insurance category (through the clinic repository: no other setting changes). */
const setHokenCategory = async (clinics: ClinicRepositoryPort, clinic: Clinic, categoryId: string): Promise<void> => {
  const { id, ...settings } = clinic;
  await clinics.update(id, { ...settings, hokenCategoryId: categoryId });
};
