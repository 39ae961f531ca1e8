/**
 * The texts of the patient's forms page and of the links to it (docs/forms.md), apart from the
 * entry's texts so that the guest booking page carries none of them: the forms chunk and the
 * guest done page load them. English and Chinese are typed against these.
 */
export const formsJa = {
  page: {
    title: '問診票・同意書',
    lead: 'ご来院の前にご記入ください。「送信する」を押すまで、入力した内容はどこにも保存されません。',
    loading: '読み込み中',
    retry: '再読み込み',
    none: 'このご予約でご記入いただく書類はありません。',
    allDone: 'すべての書類を受け付けました。ご協力ありがとうございます。',
    sent: '「{{title}}」を送信しました。',
    back: '書類の一覧に戻る',
    missingToken: 'リンクが正しくありません。予約確認のメールに記載のリンクから開いてください。',
    toServices: 'ご予約の一覧へ',
  },
  kinds: { QUESTIONNAIRE: '問診票', CONSENT: '同意書' },
  statuses: { PENDING: '未記入', SUBMITTED: '回答済み', SIGNED: '署名済み', COMPLETE: '完了' },
  statusNotes: {
    SIGNED: 'ご来院時に医師がご説明のうえ確認します。',
    COMPLETE: '内容に変わりがあれば、もう一度送信できます。',
  },
  actions: { answer: '記入する', review: '内容を見直す' },
  form: {
    separator: '・',
    version: '第{{version}}版',
    send: '送信する',
    sending: '送信中',
    prefilled: '前回のご回答を入れてあります。変わったところだけ直して送信してください。',
    required: '必須',
    yes: 'はい',
    no: 'いいえ',
    multi: '当てはまるものをすべて選んでください。',
    requiredMessage: 'この項目にご回答ください。',
    invalidOption: '選択肢から選び直してください。',
    fixErrors: '入力内容をご確認ください。',
    versionChanged: 'この書類の内容が更新されました。新しい内容をご確認のうえ、もう一度送信してください。',
    openCalendar: 'カレンダーを開く',
    previousMonth: '前の月',
    nextMonth: '次の月',
  },
  consent: {
    bodyLabel: '同意書の本文',
    agree: '上記の説明を読み、内容を理解したうえで同意します',
    agreeMessage: '内容をご確認のうえ、同意のチェックを入れてください。',
    name: 'ご署名（お名前）',
    nameDescription: 'お名前の入力が署名になります。',
    birthDate: '生年月日',
    birthDateDescription: '18歳未満の方は保護者の同意が必要です。',
    guardianLegend: '保護者の同意',
    guardianDescription: '18歳未満の方は、保護者の方がお名前と続柄をご記入ください。',
    guardianName: '保護者のお名前',
    guardianRelation: '続柄',
    guardianRelationPlaceholder: '例：母',
    signature: '手書きのサイン（任意）',
    signatureDescription: '枠の中を指またはマウスでなぞってください。署名はお名前の入力で足ります。',
    clear: '書き直す',
    signatureEmpty: '手書きのサイン欄（未記入）',
    signatureDrawn: '手書きのサイン欄（記入済み）',
  },
};

export type FormsTexts = typeof formsJa;
