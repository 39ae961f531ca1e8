import type { i18n as I18n } from 'i18next';

/**
 * The LINE app's own texts (ja, en, zh-CN), in the LINE app's chunk only: neither the guest
 * booking page's entry chunk nor the other audiences' texts carry them (the guest page's
 * initial-JS budget, docs/benchmarks.md). Registered when the LINE app's module loads.
 */
export const lineAppTexts = {
  ja: {
    header: 'LINEでご予約',
    book: '予約する',
    bookings: '予約の確認',
    loading: 'LINEの情報を確認しています',
    outside: {
      title: 'LINEアプリで開いてください',
      body: 'このページはLINEアプリの中で使う予約画面です。ブラウザーからは、Webの予約ページをご利用ください。',
      web: 'Webの予約ページへ',
    },
    failed: 'LINEの情報を確認できませんでした。LINEアプリから開き直してください。',
    retry: 'もう一度試す',
    member: '{{name}} 様としてログインしています。',
    memberBook: '会員ページで予約する',
    list: {
      title: 'ご予約の確認',
      booked: 'ご予約を承りました。確認のメッセージをLINEでお送りします。',
      empty: 'これからのご予約はありません。',
      cancel: 'キャンセルする',
      cancelSure: 'このご予約をキャンセルしますか？',
      cancelYes: 'キャンセルする',
      cancelNo: 'やめる',
      cancelled: 'ご予約をキャンセルしました。',
      confirmed: '来院確認済み',
    },
  },
  en: {
    header: 'Book in LINE',
    book: 'Book',
    bookings: 'My bookings',
    loading: 'Checking your LINE account',
    outside: {
      title: 'Please open this in the LINE app',
      body: 'This booking screen is for use inside the LINE app. In a web browser, please use our web booking page.',
      web: 'Go to web booking',
    },
    failed: 'We could not check your LINE account. Please open this screen from the LINE app again.',
    retry: 'Try again',
    member: 'Logged in as {{name}}.',
    memberBook: 'Book on your member page',
    list: {
      title: 'My bookings',
      booked: 'Your booking is confirmed. We will send you a confirmation in LINE.',
      empty: 'You have no upcoming bookings.',
      cancel: 'Cancel',
      cancelSure: 'Cancel this booking?',
      cancelYes: 'Cancel booking',
      cancelNo: 'Keep it',
      cancelled: 'Your booking has been cancelled.',
      confirmed: 'Visit confirmed',
    },
  },
  'zh-CN': {
    header: '在LINE中预约',
    book: '预约',
    bookings: '我的预约',
    loading: '正在确认您的LINE信息',
    outside: {
      title: '请在LINE应用中打开',
      body: '此页面是在LINE应用中使用的预约画面。在浏览器中，请使用网页预约页面。',
      web: '前往网页预约',
    },
    failed: '无法确认您的LINE信息。请从LINE应用重新打开。',
    retry: '重试',
    member: '已以{{name}}的身份登录。',
    memberBook: '在会员页面预约',
    list: {
      title: '我的预约',
      booked: '预约已受理。我们将通过LINE发送确认信息。',
      empty: '没有即将到来的预约。',
      cancel: '取消',
      cancelSure: '确定要取消此预约吗？',
      cancelYes: '取消预约',
      cancelNo: '不取消',
      cancelled: '已取消预约。',
      confirmed: '已确认来院',
    },
  },
};

export type LineAppTexts = typeof lineAppTexts.ja;

let registered = false;
/** Adds the LINE app's texts to the app's instance, once, in every language. */
export const registerLineAppTexts = (i18n: I18n): void => {
  if (registered) return;
  registered = true;
  for (const [language, texts] of Object.entries(lineAppTexts))
    i18n.addResourceBundle(language, 'translation', { lineApp: structuredClone(texts) }, true, true);
};
