/**
 * The spellings that must be one person and those that must not: read by the core test of
 * `phoneKey`/`nameKey` and by the contract test that the database's `person_phone_key` and
 * `person_name_key` give the same keys.
 */
export const PHONES_THAT_MATCH: ReadonlyArray<readonly [string, string]> = [
  ['090-1234-5678', '09012345678'],
  ['090-1234-5678', '090 1234 5678'],
  ['090-1234-5678', ' 090-1234-5678 '],
  ['090-1234-5678', '０９０－１２３４－５６７８'],
  ['090-1234-5678', '０９０ー１２３４ー５６７８'],
  ['090-1234-5678', '+81 90-1234-5678'],
  ['090-1234-5678', '+819012345678'],
  ['090-1234-5678', '＋８１９０１２３４５６７８'],
  ['090-1234-5678', '+81 (0)90-1234-5678'],
  ['090-1234-5678', '(090) 1234.5678'],
  ['03-1234-5678', '+81 3 1234 5678'],
  ['+1 415-555-0123', '+14155550123'],
];

export const PHONES_THAT_DIFFER: ReadonlyArray<readonly [string, string]> = [
  ['090-1234-5678', '090-1234-5679'],
  ['090-1234-5678', '080-1234-5678'],
  ['090-1234-5678', '+1 90-1234-5678'],
  ['090-1234-5678', '+82 10-1234-5678'],
  ['03-1234-5678', '06-1234-5678'],
  ['+14155550123', '14155550123'],
  ['0120-123-456', '0120-123-457'],
];

export const NAMES_THAT_MATCH: ReadonlyArray<readonly [string, string]> = [
  ['山田 花子', '山田花子'],
  ['山田 花子', '山田　花子'],
  ['山田 花子', ' 山田  花子 '],
  ['山田 花子', '山田\t花子'],
  ['ﾔﾏﾀﾞ ﾊﾅｺ', 'ヤマダハナコ'],
  ['Emily Johnson', 'EMILYJOHNSON'],
  ['Emily Johnson', 'Ｅｍｉｌｙ　Ｊｏｈｎｓｏｎ'],
  ['李 小龙', '李小龙'],
];

export const NAMES_THAT_DIFFER: ReadonlyArray<readonly [string, string]> = [
  ['山田 花子', '山田 華子'],
  ['山田 花子', '山口 花子'],
  ['ヤマダ ハナコ', 'やまだ はなこ'],
  ['Emily Johnson', 'Emilie Johnson'],
  ['髙橋', '高橋'],
];
