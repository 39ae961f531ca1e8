import type { Actor, FormItem, Result, VersionDefinition } from '@clinic/core';
import type { Container } from 'inversify';
import { MENUS } from '../container/menus.module';
import { SETTINGS } from '../container/settings.module';
import { ACCOUNTS, CLINICS, FORMS } from '../container/tokens';

const SYSTEM: Actor = { type: 'system', id: null };

const valueOf = <T>(result: Result<T>, what: string): T => {
  if (!result.ok) throw new Error(`demo forms: ${what}: ${result.error.code} ${JSON.stringify(result.error.fields ?? [])}`);
  return result.value;
};

const QUESTIONS: FormItem[] = [
  { key: 'pregnant', type: 'yesno', label: '妊娠中、または妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  {
    key: 'anticoagulant',
    type: 'yesno',
    label: '血液をサラサラにするお薬（抗凝固薬など）を飲んでいますか',
    required: true,
    flag: { equals: true, label: '抗凝固薬' },
  },
  { key: 'medicineNames', type: 'textarea', label: 'お薬の名前', required: true, showIf: { key: 'anticoagulant', equals: true } },
  {
    key: 'allergies',
    type: 'multi',
    label: 'アレルギーはありますか（当てはまるものすべて）',
    options: [
      { value: 'anesthetic', label: '麻酔' },
      { value: 'latex', label: 'ラテックス（ゴム）' },
      { value: 'metal', label: '金属' },
    ],
    flag: { equals: 'anesthetic', label: '麻酔アレルギー' },
  },
  { key: 'keloid', type: 'yesno', label: '傷あとが盛り上がりやすい（ケロイド体質）ですか', required: true, flag: { equals: true, label: 'ケロイド体質' } },
  { key: 'sunburn', type: 'yesno', label: '2週間以内に強い日焼けをしましたか', required: true, flag: { equals: true, label: '日焼け（2週間以内）' } },
  {
    key: 'skinType',
    type: 'single',
    label: '肌のタイプ',
    options: [
      { value: 'dry', label: '乾燥肌' },
      { value: 'normal', label: '普通肌' },
      { value: 'oily', label: '脂性肌' },
      { value: 'sensitive', label: '敏感肌' },
    ],
  },
  { key: 'notes', type: 'textarea', label: 'そのほか医師に伝えたいこと' },
];

const QUESTIONNAIRE: VersionDefinition = {
  items: QUESTIONS,
  body: null,
  translations: {
    en: {
      items: {
        pregnant: { label: 'Are you, or could you be, pregnant?' },
        anticoagulant: { label: 'Do you take blood thinners (anticoagulants)?' },
        medicineNames: { label: 'Names of the medicines' },
        allergies: { label: 'Do you have any allergies? (all that apply)', options: { anesthetic: 'Anaesthetics', latex: 'Latex (rubber)', metal: 'Metal' } },
        keloid: { label: 'Do your scars tend to become raised (keloids)?' },
        sunburn: { label: 'Have you had a strong sunburn in the last two weeks?' },
        skinType: { label: 'Skin type', options: { dry: 'Dry', normal: 'Normal', oily: 'Oily', sensitive: 'Sensitive' } },
        notes: { label: 'Anything else you want the doctor to know' },
      },
    },
    'zh-CN': {
      items: {
        pregnant: { label: '您是否怀孕或可能怀孕？' },
        anticoagulant: { label: '您是否在服用抗凝血药物？' },
        medicineNames: { label: '药物名称' },
        allergies: { label: '您是否有过敏（可多选）', options: { anesthetic: '麻醉药', latex: '乳胶（橡胶）', metal: '金属' } },
        keloid: { label: '您的伤疤是否容易隆起（瘢痕体质）？' },
        sunburn: { label: '两周内是否有严重晒伤？' },
        skinType: { label: '肤质', options: { dry: '干性', normal: '中性', oily: '油性', sensitive: '敏感' } },
        notes: { label: '其他想告诉医生的事项' },
      },
    },
  },
};

const CONSENT: VersionDefinition = {
  items: [
    { key: 'explained', type: 'yesno', label: '施術の効果・副作用・施術回数について医師から説明を受けました', required: true },
    { key: 'agree', type: 'yesno', label: '上記の内容を理解し、医療レーザー脱毛の施術に同意します', required: true },
  ],
  body: [
    '医療レーザー脱毛 施術同意書',
    '',
    '1. 医療レーザー脱毛は、毛根にレーザーを当てて毛が生える力を弱める施術です。効果には個人差があり、複数回の施術が必要です。',
    '2. 施術後、赤み・腫れ・かゆみが出ることがあります。まれに、やけど・色素沈着・硬毛化が起こることがあります。',
    '3. 施術の前後2週間は強い日焼けを避けてください。',
    '4. 体調や肌の状態により、医師の判断で施術を中止・延期することがあります。',
  ].join('\n'),
  translations: {
    en: {
      body: [
        'Consent to medical laser hair removal',
        '',
        '1. Medical laser hair removal weakens hair growth by treating the roots with a laser. Results vary; several sessions are needed.',
        '2. Redness, swelling or itching may follow. Rarely, burns, pigmentation or paradoxical hair growth may occur.',
        '3. Please avoid strong sun exposure for two weeks before and after each session.',
        '4. The doctor may stop or postpone a session depending on your health or skin.',
      ].join('\n'),
      items: {
        explained: { label: 'A doctor has explained the effects, side effects and number of sessions.' },
        agree: { label: 'I understand the above and consent to medical laser hair removal.' },
      },
    },
    'zh-CN': {
      body: [
        '医疗激光脱毛 治疗同意书',
        '',
        '1. 医疗激光脱毛是用激光照射毛根、减弱毛发生长的治疗。效果因人而异，需要多次治疗。',
        '2. 治疗后可能出现发红、肿胀、瘙痒。极少数情况下可能出现烫伤、色素沉着、毛发变粗。',
        '3. 治疗前后两周请避免强烈日晒。',
        '4. 医生可能根据您的身体或皮肤状况中止或延期治疗。',
      ].join('\n'),
      items: {
        explained: { label: '医生已向我说明治疗的效果、副作用及治疗次数。' },
        agree: { label: '我已理解上述内容，同意接受医疗激光脱毛治疗。' },
      },
    },
  },
};

/** One doctor per demo clinic, who countersigns the consents. */
const DEMO_DOCTORS = ['S1002', 'S2002', 'S3002'];

/**
 * The demo chain's paperwork (docs/forms.md): a published 問診票 and 同意書 for 医療脱毛, asked by
 * every laser menu (the questionnaire every visit, the consent until it is complete), a doctor
 * in each clinic, and the check condition (来院時チェック) the countersigned consent ticks.
 */
export const loadDemoForms = async (container: Container): Promise<void> => {
  const manage = container.get(FORMS.manage);
  const staffs = container.get(ACCOUNTS.staffs);
  const menus = container.get(MENUS.menus);
  const clinics = container.get(CLINICS.clinics);
  // 来院時チェック: the consent, once a doctor has countersigned it, ticks the member's item.
  const consentCheck = await container.get(SETTINGS.conditions).create({ name: '医療脱毛 同意書（医師確認済み）', kind: 'FIRST_VISIT', categoryId: null });

  const questionnaire = valueOf(
    await manage.create(SYSTEM, {
      kind: 'QUESTIONNAIRE',
      title: '医療脱毛 問診票',
      checkConditionId: null,
      translations: { en: { title: 'Laser hair removal questionnaire' }, 'zh-CN': { title: '医疗脱毛问诊表' } },
    }),
    'questionnaire',
  );
  const consent = valueOf(
    await manage.create(SYSTEM, {
      kind: 'CONSENT',
      title: '医療脱毛 同意書',
      checkConditionId: consentCheck.id,
      translations: { en: { title: 'Laser hair removal consent' }, 'zh-CN': { title: '医疗脱毛同意书' } },
    }),
    'consent',
  );
  for (const [form, definition] of [
    [questionnaire, QUESTIONNAIRE],
    [consent, CONSENT],
  ] as const) {
    const version = valueOf(await manage.createVersion(SYSTEM, form.id, definition), form.title);
    valueOf(await manage.publish(SYSTEM, form.id, version.id), form.title);
  }

  for (const clinic of await clinics.list()) {
    for (const menu of await menus.listByClinic(clinic.id)) {
      const laser = menu.name.includes('脱毛') && menu.tasks.some((task) => task.machineIds.length > 0);
      if (!laser) continue;
      valueOf(
        await manage.setMenuForms(SYSTEM, menu.id, [
          { formId: questionnaire.id, when: 'EVERY_VISIT' },
          { formId: consent.id, when: 'FIRST_VISIT' },
        ]),
        menu.name,
      );
    }
  }

  for (const employeeNumber of DEMO_DOCTORS) {
    const staff = await staffs.findByLoginIdentifier(employeeNumber);
    if (!staff) continue;
    await staffs.update(staff.id, {
      employeeNumber: staff.employeeNumber,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      clinicId: staff.clinicId,
      doctor: true,
    });
  }
};
