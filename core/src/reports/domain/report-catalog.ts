/**
 * The report catalogue, defined here only: the 22 monthly reports of the specification, the guest
 * booking funnel (issue #7) and the no-show rate and waitlist conversions (issue #13), by the key
 * of `GET /api/admin/reports?type=`, with their titles, descriptions, columns and the groups of the
 * web app's picker.
 * The specification spells one key `users-checklist-unchekcked`; that spelling is the key, and
 * the correct spelling is accepted as an alias (see `reportKeyOf`).
 *
 * The web app's reports page imports this module as it is (`@clinic/core/reports/catalog`), so it
 * must stay data and pure functions with no import at all: `.dependency-cruiser.cjs` lets the web
 * import this one file of the core and forbids it any import (docs/decisions.md, "Reports screen").
 */
export const REPORT_KEYS = [
  'average-lead-time',
  'cancel-number',
  'category-guest-count',
  'category-user-count',
  'checklist-achievement-rate',
  'guest-booking-funnel',
  'hour-count',
  'menu-count',
  'no-show-rate',
  'reservation-with-user',
  'staff-category-uptime',
  'staff-menu-uptime',
  'staff-reservation-uptime',
  'staff-schedule-uptime',
  'staff-uptime',
  'users-checklist-unchekcked',
  'visit-guest-from-web',
  'visit-guest-not-from-web',
  'visit-guest-number',
  'visit-introduced-guest-number',
  'visit-member-from-web',
  'visit-member-not-from-web',
  'visit-number',
  'visit-user-number',
  'waitlist-conversions',
] as const;

export type ReportKey = (typeof REPORT_KEYS)[number];

export const REPORT_KEY_ALIASES: Readonly<Record<string, ReportKey>> = {
  'users-checklist-unchecked': 'users-checklist-unchekcked',
};

/** Every accepted spelling of a key: the 25 keys and the aliases. */
export const ACCEPTED_REPORT_KEYS = [...REPORT_KEYS, ...Object.keys(REPORT_KEY_ALIASES)] as readonly string[];

export const isReportKey = (value: unknown): value is ReportKey => typeof value === 'string' && (REPORT_KEYS as readonly string[]).includes(value);

/** The key a `type=` names, by its key or an alias; `null` for anything else. */
export const reportKeyOf = (raw: string): ReportKey | null =>
  isReportKey(raw) ? raw : Object.hasOwn(REPORT_KEY_ALIASES, raw) ? (REPORT_KEY_ALIASES[raw] ?? null) : null;

/** How a column's values read: text labels, counts, percentages 0–100 (one decimal), minutes, hours (one decimal). */
export type ReportColumnKind = 'text' | 'number' | 'percent' | 'minutes' | 'hours';

export interface ReportColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ReportColumnKind;
}

export type ReportCell = string | number | null;
export type ReportRow = Readonly<Record<string, ReportCell>>;

export interface ReportDefinition {
  /** Japanese title: the picker's option, the page's heading, and the CSV file's readable name. */
  readonly title: string;
  /** One line under the title in the picker: what the report counts (docs/reports.md has the rules). */
  readonly description: string;
  /** The first column is the category axis of the chart; the numeric columns are its series. */
  readonly columns: readonly ReportColumn[];
}

const text = (key: string, label: string): ReportColumn => ({ key, label, kind: 'text' });
const count = (key: string, label: string): ReportColumn => ({ key, label, kind: 'number' });
const percent = (key: string, label: string): ReportColumn => ({ key, label, kind: 'percent' });
const minutes = (key: string, label: string): ReportColumn => ({ key, label, kind: 'minutes' });
const hours = (key: string, label: string): ReportColumn => ({ key, label, kind: 'hours' });
const date = text('date', '日付');

const daily = (title: string, label: string, description: string): ReportDefinition => ({
  title,
  description,
  columns: [date, count('count', label)],
});
const uptime = [minutes('scheduledMinutes', '勤務時間（分）'), minutes('bookedMinutes', '予約時間（分）'), percent('uptime', '稼働率')];

/** Title, description and columns of each report; docs/reports.md defines what each one counts. */
export const REPORT_DEFINITIONS = {
  'visit-number': daily('来院数', '来院数', '日ごとの来院数（会員と新規の合計）'),
  'visit-user-number': daily('会員の来院数', '会員の来院数', '日ごとの会員の来院数'),
  'visit-guest-number': daily('新規（ゲスト）の来院数', '新規の来院数', '日ごとの、会員登録のない新規の方の来院数'),
  'visit-introduced-guest-number': daily('紹介による新規の来院数', '紹介による新規の来院数', '会員からの紹介で来院した新規の方の日ごとの数'),
  'visit-member-from-web': daily('Web予約からの会員の来院数', '会員の来院数（Web予約）', '会員がWebまたはLINEで予約して来院した日ごとの数'),
  'visit-member-not-from-web': daily('Web以外の予約からの会員の来院数', '会員の来院数（Web以外）', '電話や窓口でスタッフが登録した予約による会員の来院数'),
  'visit-guest-from-web': daily('Web予約からの新規の来院数', '新規の来院数（Web予約）', '新規の方がWebまたはLINEで予約して来院した日ごとの数'),
  'visit-guest-not-from-web': daily('Web以外の予約からの新規の来院数', '新規の来院数（Web以外）', '電話や窓口でスタッフが登録した予約による新規の来院数'),
  'no-show-rate': {
    title: '無断キャンセル率',
    description: '選んだ月までの12か月の、月ごとの無断キャンセル数と、来院と無断キャンセルに占める割合',
    columns: [text('month', '月'), count('visits', '来院数'), count('noShows', '無断キャンセル'), percent('rate', '無断キャンセル率')],
  },
  'waitlist-conversions': {
    title: 'キャンセル待ち成約数',
    description: '選んだ月までの12か月の、月ごとのキャンセル待ちのご案内数（ご案内した時間の月）と、そのうち予約になった数',
    columns: [text('month', '月'), count('accepted', '成約数'), count('offers', 'ご案内数'), percent('rate', '成約率')],
  },
  'cancel-number': {
    title: 'キャンセル数',
    description: '日ごとのキャンセル数と無断キャンセル数',
    columns: [date, count('cancelled', 'キャンセル'), count('notVisited', '無断キャンセル'), count('total', '合計')],
  },
  'reservation-with-user': {
    title: '予約経路別の予約数',
    description: '日ごとの予約数（会員のWeb予約・ゲストのWeb予約・LINEアプリからの予約・スタッフ登録）',
    columns: [
      date,
      count('webMember', '会員Web予約'),
      count('webGuest', 'ゲストWeb予約'),
      count('line', 'LINE予約'),
      count('staff', 'スタッフ登録'),
      count('total', '合計'),
    ],
  },
  'average-lead-time': {
    title: '平均リードタイム',
    description: '予約を受けてから来院予定までの平均時間（日ごと）',
    columns: [date, hours('all', '全体（時間）'), hours('web', 'Web予約（時間）'), hours('staff', 'スタッフ登録（時間）'), count('reservations', '予約数')],
  },
  'hour-count': {
    title: '時間帯別の予約数',
    description: '開始時刻の時間帯ごとの予約数と来院数',
    columns: [text('hour', '時間帯'), count('reservations', '予約数'), count('visits', '来院数')],
  },
  'menu-count': {
    title: 'メニュー別の予約数',
    description: 'メニューごとの予約数と来院数',
    columns: [text('menuName', 'メニュー'), text('categoryName', 'カテゴリ'), count('reservations', '予約数'), count('visits', '来院数')],
  },
  'category-user-count': {
    title: 'カテゴリ別の会員数',
    description: 'メニューカテゴリごとの、来院した会員の人数と来院数',
    columns: [text('categoryName', 'カテゴリ'), count('people', '会員数'), count('visits', '来院数')],
  },
  'category-guest-count': {
    title: 'カテゴリ別の新規数',
    description: 'メニューカテゴリごとの、来院した新規の方の人数と来院数',
    columns: [text('categoryName', 'カテゴリ'), count('people', '新規の人数'), count('visits', '来院数')],
  },
  'checklist-achievement-rate': {
    title: 'チェックリスト達成率',
    description: 'チェック項目ごとの、対象の会員のうちチェック済みの割合',
    columns: [text('itemName', 'チェック項目'), count('applicable', '対象会員数'), count('checked', 'チェック済み'), percent('rate', '達成率')],
  },
  'users-checklist-unchekcked': {
    title: 'チェックリスト未完了の会員',
    description: '未チェックの項目が残っている会員と、その項目',
    columns: [text('userName', '会員'), text('userNumber', '診察券番号'), count('unchecked', '未チェック数'), text('items', '未チェック項目')],
  },
  'staff-uptime': {
    title: 'スタッフ別の稼働率',
    description: 'スタッフごとの、勤務時間のうち予約が入っていた時間の割合',
    columns: [text('staffName', 'スタッフ'), ...uptime],
  },
  'staff-schedule-uptime': {
    title: '日別の稼働率',
    description: '日ごとの、スタッフの勤務時間のうち予約が入っていた時間の割合',
    columns: [date, ...uptime],
  },
  'staff-reservation-uptime': {
    title: 'スタッフ別の施術実績',
    description: 'スタッフごとの担当予約数と、勤務時間のうち施術した時間の割合',
    columns: [
      text('staffName', 'スタッフ'),
      count('reservations', '担当予約数'),
      minutes('scheduledMinutes', '勤務時間（分）'),
      minutes('visitedMinutes', '施術時間（分）'),
      percent('uptime', '実施稼働率'),
    ],
  },
  'staff-menu-uptime': {
    title: 'スタッフ・メニュー別の稼働率',
    description: 'スタッフとメニューの組み合わせごとの予約時間と稼働率',
    columns: [text('staffName', 'スタッフ'), text('menuName', 'メニュー'), ...uptime],
  },
  'guest-booking-funnel': {
    title: '新規予約ファネル',
    description: 'Web予約ページを開いたセッションのうち、日時の選択・お客様情報の入力・予約完了まで進んだ数と割合',
    columns: [text('step', '段階'), count('sessions', 'セッション数'), percent('fromPrevious', '前の段階からの率'), percent('fromVisit', '訪問からの率')],
  },
  'staff-category-uptime': {
    title: 'スタッフ・勤務カテゴリ別の稼働率',
    description: 'スタッフと勤務予定のカテゴリの組み合わせごとの予約時間と稼働率',
    columns: [text('staffName', 'スタッフ'), text('categoryName', '勤務カテゴリ'), ...uptime],
  },
} as const satisfies Record<ReportKey, ReportDefinition>;

export type ReportGroupId = 'visits' | 'cancels' | 'menus' | 'uptime' | 'checklist' | 'other';

export interface ReportGroup {
  readonly id: ReportGroupId;
  readonly keys: readonly ReportKey[];
}

/**
 * The groups of the web app's report picker, in order, with their reports in order; every key is
 * in exactly one group (report-catalog.test.ts). The group names are the web app's texts
 * (`reports.groups.<id>` in web/src/i18n/ja.ts).
 */
export const REPORT_GROUPS: readonly ReportGroup[] = [
  {
    id: 'visits',
    keys: [
      'visit-number',
      'visit-user-number',
      'visit-guest-number',
      'visit-introduced-guest-number',
      'visit-member-from-web',
      'visit-member-not-from-web',
      'visit-guest-from-web',
      'visit-guest-not-from-web',
    ],
  },
  { id: 'cancels', keys: ['cancel-number', 'no-show-rate', 'waitlist-conversions'] },
  { id: 'menus', keys: ['menu-count', 'category-user-count', 'category-guest-count'] },
  {
    id: 'uptime',
    keys: ['staff-uptime', 'staff-schedule-uptime', 'staff-reservation-uptime', 'staff-menu-uptime', 'staff-category-uptime'],
  },
  { id: 'checklist', keys: ['checklist-achievement-rate', 'users-checklist-unchekcked'] },
  { id: 'other', keys: ['reservation-with-user', 'average-lead-time', 'hour-count', 'guest-booking-funnel'] },
];
