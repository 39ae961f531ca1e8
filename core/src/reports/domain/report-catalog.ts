/**
 * The 22 monthly reports of the specification and the guest booking funnel (issue #7), by the
 * key of `GET /api/admin/reports?type=`.
 * The specification spells one key `users-checklist-unchekcked`; that spelling is the key, and
 * the correct spelling is accepted as an alias (see `reportKeyOf`).
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
] as const;

export type ReportKey = (typeof REPORT_KEYS)[number];

export const REPORT_KEY_ALIASES: Readonly<Record<string, ReportKey>> = {
  'users-checklist-unchecked': 'users-checklist-unchekcked',
};

/** Every accepted spelling of a key: the 23 keys and the aliases. */
export const ACCEPTED_REPORT_KEYS = [...REPORT_KEYS, ...Object.keys(REPORT_KEY_ALIASES)] as readonly string[];

export const reportKeyOf = (raw: string): ReportKey | null =>
  (REPORT_KEYS as readonly string[]).includes(raw) ? (raw as ReportKey) : (REPORT_KEY_ALIASES[raw] ?? null);

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
  /** Japanese title, also the CSV file's readable name. */
  readonly title: string;
  /** The first column is the category axis of the chart; the numeric columns are its series. */
  readonly columns: readonly ReportColumn[];
}

const text = (key: string, label: string): ReportColumn => ({ key, label, kind: 'text' });
const count = (key: string, label: string): ReportColumn => ({ key, label, kind: 'number' });
const percent = (key: string, label: string): ReportColumn => ({ key, label, kind: 'percent' });
const minutes = (key: string, label: string): ReportColumn => ({ key, label, kind: 'minutes' });
const hours = (key: string, label: string): ReportColumn => ({ key, label, kind: 'hours' });
const date = text('date', '日付');

const daily = (title: string, label: string): ReportDefinition => ({ title, columns: [date, count('count', label)] });
const uptime = [minutes('scheduledMinutes', '勤務時間（分）'), minutes('bookedMinutes', '予約時間（分）'), percent('uptime', '稼働率')];

/** Columns of each report; docs/reports.md defines what each one counts. */
export const REPORT_DEFINITIONS = {
  'visit-number': daily('来院数', '来院数'),
  'visit-user-number': daily('会員の来院数', '会員の来院数'),
  'visit-guest-number': daily('新規（ゲスト）の来院数', '新規の来院数'),
  'visit-introduced-guest-number': daily('紹介による新規の来院数', '紹介による新規の来院数'),
  'visit-member-from-web': daily('Web予約からの会員の来院数', '会員の来院数（Web予約）'),
  'visit-member-not-from-web': daily('Web以外の予約からの会員の来院数', '会員の来院数（Web以外）'),
  'visit-guest-from-web': daily('Web予約からの新規の来院数', '新規の来院数（Web予約）'),
  'visit-guest-not-from-web': daily('Web以外の予約からの新規の来院数', '新規の来院数（Web以外）'),
  'cancel-number': {
    title: 'キャンセル数',
    columns: [date, count('cancelled', 'キャンセル'), count('notVisited', '無断キャンセル'), count('total', '合計')],
  },
  'reservation-with-user': {
    title: '予約経路別の予約数',
    columns: [date, count('webMember', '会員Web予約'), count('webGuest', 'ゲストWeb予約'), count('staff', 'スタッフ登録'), count('total', '合計')],
  },
  'average-lead-time': {
    title: '平均リードタイム',
    columns: [date, hours('all', '全体（時間）'), hours('web', 'Web予約（時間）'), hours('staff', 'スタッフ登録（時間）'), count('reservations', '予約数')],
  },
  'hour-count': {
    title: '時間帯別の予約数',
    columns: [text('hour', '時間帯'), count('reservations', '予約数'), count('visits', '来院数')],
  },
  'menu-count': {
    title: 'メニュー別の予約数',
    columns: [text('menuName', 'メニュー'), text('categoryName', 'カテゴリ'), count('reservations', '予約数'), count('visits', '来院数')],
  },
  'category-user-count': {
    title: 'カテゴリ別の会員数',
    columns: [text('categoryName', 'カテゴリ'), count('people', '会員数'), count('visits', '来院数')],
  },
  'category-guest-count': {
    title: 'カテゴリ別の新規数',
    columns: [text('categoryName', 'カテゴリ'), count('people', '新規の人数'), count('visits', '来院数')],
  },
  'checklist-achievement-rate': {
    title: 'チェックリスト達成率',
    columns: [text('itemName', 'チェック項目'), count('applicable', '対象会員数'), count('checked', 'チェック済み'), percent('rate', '達成率')],
  },
  'users-checklist-unchekcked': {
    title: 'チェックリスト未完了の会員',
    columns: [text('userName', '会員'), text('userNumber', '診察券番号'), count('unchecked', '未チェック数'), text('items', '未チェック項目')],
  },
  'staff-uptime': {
    title: 'スタッフ別の稼働率',
    columns: [text('staffName', 'スタッフ'), ...uptime],
  },
  'staff-schedule-uptime': {
    title: '日別の稼働率',
    columns: [date, ...uptime],
  },
  'staff-reservation-uptime': {
    title: 'スタッフ別の施術実績',
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
    columns: [text('staffName', 'スタッフ'), text('menuName', 'メニュー'), ...uptime],
  },
  'guest-booking-funnel': {
    title: '新規予約ファネル',
    columns: [text('step', '段階'), count('sessions', 'セッション数'), percent('fromPrevious', '前の段階からの率'), percent('fromVisit', '訪問からの率')],
  },
  'staff-category-uptime': {
    title: 'スタッフ・勤務カテゴリ別の稼働率',
    columns: [text('staffName', 'スタッフ'), text('categoryName', '勤務カテゴリ'), ...uptime],
  },
} as const satisfies Record<ReportKey, ReportDefinition>;
