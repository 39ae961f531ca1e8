/**
 * The Japanese texts in the entry chunk: app-wide ones, the HTTP and server error messages, the
 * route error page, and the guest pages (so the guest booking page needs no other text bundle:
 * docs/benchmarks.md). Every other text is in `./ja.ts`, loaded with the other audiences' routes.
 */
export const jaEntry = {
  app: {
    name: 'クリニック予約',
    documentTitle: '{{title}}｜クリニック予約',
    loading: '読み込み中…',
    skipToContent: '本文へ移動',
    clinicName: '{{name}}院',
    yes: 'はい',
    no: 'いいえ',
    close: '閉じる',
    menu: 'メニュー',
    openMenu: 'メニューを開く',
    externalLinkNote: '（新しいタブで開きます）',
  },

  errors: {
    http: {
      noResponse: 'サーバからの応答がありません。管理者にお問い合わせください。',
      registrationFailedStaff: 'データの登録に失敗しました。入力内容をご確認のうえ、もう一度お試しください。',
      registrationFailedMember: 'データの登録に失敗しました。お手数ですが、ご利用のクリニックまでお問い合わせください。',
      unauthenticated: 'ログインの有効期限が切れたか、ログインしていません。もう一度ログインしてください。',
      profileForbidden: '認証されていないため、再度ログインしてください。',
      serviceUnavailable: 'ただいまサービスをご利用いただけません。しばらく時間をおいてから、もう一度お試しください。',
      unexpected: '予期しないエラーが発生しました。時間をおいて、もう一度お試しください。',
    },
    /**
     * The few texts the browser shows for a code without a server answer to read (a login refused
     * without a message, a page opened without its token, a form the browser itself refuses). The
     * server's table is the one source (test/http/error-texts.test.ts keeps these equal to it).
     */
    codes: {
      INVALID_CREDENTIALS: 'IDまたはパスワードに誤りがあります。',
      INVALID_TOKEN: 'URLまたはQRコードが正しくありません。',
      VALIDATION_FAILED: '全ての項目に正しく値を入力してください。',
    },
  },

  routeError: {
    title: 'エラーが発生しました',
    body: '画面を表示できませんでした。ページを再読み込みしてください。',
    reload: '再読み込み',
    toTop: 'トップページへ',
  },

  guestLayout: {
    header: '{{title}}のご予約',
    defaultTitle: '新規カウンセリング',
    toTop: 'トップページへ',
  },

  guestBooking: {
    steps: { label: 'ご予約の手順', s1: 'メニュー', s2: '日時', s3: 'お客様情報', s4: '確認' },
    next: '次へ',
    back: '戻る',
    loading: '読み込み中',
    clinic: { heading: 'ご希望の院', none: '現在Web予約を受け付けている院はありません。' },
    menu: { heading: 'メニュー', none: 'この院でWeb予約できるメニューはありません。', minutes: '{{n}}分', yen: '{{n}}円' },
    linkTwoMenus: 'ご予約リンクに同じ院のメニューが2つ以上含まれています（1院につき1メニュー）。院とメニューをお選びください。',
    day: {
      heading: '来院日',
      none: '30日以内に空きがありません。別のメニューや院をお選びください。',
      waitlist: 'ご希望の日時がないときは、キャンセル待ちに登録できます',
    },
    time: { heading: '時間', chooseDay: '来院日をお選びください。' },
    form: {
      heading: 'お客様情報',
      name: 'お名前',
      kana: 'フリガナ（カタカナ）',
      phone: '電話番号',
      email: 'メールアドレス',
      required: '必須',
      invalid: '全ての項目に正しく値を入力してください。',
      problems: {
        required: '入力してください。',
        kana: 'フリガナはカタカナで入力してください。',
        phone: '電話番号を正しく入力してください（例: 090-1234-5678）。',
        email: 'メールアドレスを正しく入力してください。',
        tooLong: '長すぎます。',
      },
    },
    confirm: {
      heading: 'ご予約内容の確認',
      lead: '以下の内容でよろしければ「予約する」を押してください。',
      clinic: '院',
      menu: 'メニュー',
      dateTime: '日時',
      submit: '予約する',
      memberLogin: '会員ログインしてご予約ください',
    },
    done: {
      title: 'ご予約完了',
      lead: 'ご予約を承りました。ご来院をお待ちしております。',
      ics: 'カレンダーに追加（.ics）',
      cancelHeading: 'キャンセルについて',
      cancelText: 'キャンセルは次のリンクから行えます。同じリンクを {{email}} にもお送りしました。',
      cancelLink: 'ご予約をキャンセルする',
      missing: 'ご予約の情報を表示できません。ご予約の内容はメールをご確認ください。',
      again: '予約画面へ',
    },
    cancel: {
      title: 'ご予約のキャンセル',
      confirm: 'ご予約をキャンセルします。よろしいですか？',
      submit: 'キャンセルする',
      call: 'お電話: {{phone}}',
      doneTitle: 'キャンセル完了',
      doneText: 'ご予約のキャンセルを承りました。またのご予約をお待ちしております。',
      toReserve: '新たに予約する',
    },
    visitConfirm: {
      title: 'ご来院の確認',
      lead: 'ご予約の日時にご来院いただける場合は、下のボタンを押してください。',
      submit: '来院します',
      confirming: 'ご来院の確認をしています',
      done: 'ご来院の確認を承りました',
      body: 'ご予約の日時にお待ちしております。ご都合が変わった場合は、ご予約確認メールのリンクからお早めにキャンセルのうえ、あらためてご予約ください。',
    },
    ad: {
      title: 'はじめての方へ',
      lead: '初回カウンセリング受付中',
      body: '肌のお悩みやご希望を医師とカウンセラーが伺い、あなたに合った施術をご提案します。ご予約はWebで1分ほどで完了します。',
      cta: 'カウンセリングを予約する',
    },
    registerDone: {
      title: 'ご登録ありがとうございます',
      lead: '仮会員としてのご登録を承りました。',
      body: 'ご来院時に受付でご本人確認を行い、本登録（診察券番号の発行）を完了します。本登録の後、会員ページにログインしていただけます。',
    },
  },

  pages: {
    guest: {
      reserve: { title: 'ご予約', body: 'メニューと日時を選んでご予約ください。' },
      reserveDone: { title: 'ご予約完了', body: 'ご予約を承りました。' },
      cancel: { title: 'ご予約のキャンセル', body: 'ご予約をキャンセルします。' },
      cancelDone: { title: 'キャンセル完了', body: 'ご予約のキャンセルを承りました。' },
      ad: { title: 'キャンペーンのご案内', body: 'キャンペーンメニューのご予約はこちらから。' },
      registerDone: { title: 'ご登録完了', body: 'ご登録ありがとうございます。' },
    },
  },
};
