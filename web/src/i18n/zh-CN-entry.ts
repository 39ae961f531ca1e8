import type { EntryTexts } from './translated';

/** Simplified Chinese texts of the entry chunk (./ja-entry.ts), loaded only when Chinese is chosen. */
export const zhCnEntry: EntryTexts = {
  app: {
    name: '诊所预约',
    documentTitle: '{{title}}｜诊所预约',
    loading: '加载中…',
    skipToContent: '跳到正文',
    clinicName: '{{name}}院',
    yes: '是',
    no: '否',
    close: '关闭',
    menu: '菜单',
    openMenu: '打开菜单',
    externalLinkNote: '（在新标签页中打开）',
  },

  errors: {
    http: {
      noResponse: '服务器没有响应。请联系诊所。',
      registrationFailedStaff: '数据保存失败。请确认输入内容后重试。',
      registrationFailedMember: '数据保存失败。请联系您就诊的诊所。',
      unauthenticated: '登录已过期或尚未登录。请重新登录。',
      profileForbidden: '您尚未通过认证，请重新登录。',
      serviceUnavailable: '目前无法使用本服务。请稍后再试。',
      unexpected: '发生了意外错误。请稍后再试。',
    },
    codes: {
      INVALID_CREDENTIALS: 'ID或密码不正确。',
      INVALID_TOKEN: 'URL或二维码无效。',
      VALIDATION_FAILED: '请正确填写所有项目。',
    },
  },

  routeError: {
    title: '发生错误',
    body: '无法显示页面。请重新加载页面。',
    reload: '重新加载',
    toTop: '返回首页',
  },

  guestLayout: {
    header: '预约：{{title}}',
    defaultTitle: '初次咨询',
    toTop: '首页',
  },

  guestBooking: {
    steps: { label: '预约步骤', s1: '项目', s2: '日期时间', s3: '您的信息', s4: '确认' },
    next: '下一步',
    back: '返回',
    loading: '加载中',
    clinic: { heading: '选择诊所', none: '目前没有接受网上预约的诊所。' },
    menu: { heading: '项目', none: '该诊所没有可在网上预约的项目。', minutes: '{{n}}分钟', yen: '{{n}}日元' },
    linkTwoMenus: '您的预约链接中包含同一诊所的两个以上项目（每个诊所限一个）。请选择诊所和项目。',
    day: { heading: '来院日期', none: '30天内没有空位。请选择其他项目或诊所。', waitlist: '没有合适的时间？登记候补' },
    time: { heading: '时间', chooseDay: '请选择来院日期。' },
    form: {
      heading: '您的信息',
      name: '姓名',
      kana: '姓名读音（片假名）',
      phone: '电话号码',
      email: '邮箱地址',
      required: '必填',
      invalid: '请正确填写所有项目。',
      problems: {
        required: '请填写此项。',
        kana: '请用片假名输入读音。',
        phone: '请正确输入电话号码（国际号码请以+开头，例：+8613812345678）。',
        email: '请正确输入邮箱地址。',
        tooLong: '内容过长。',
      },
    },
    confirm: {
      heading: '确认预约内容',
      lead: '如以下内容无误，请点击“预约”。',
      clinic: '诊所',
      menu: '项目',
      dateTime: '日期时间',
      submit: '预约',
      memberLogin: '请登录会员后预约',
    },
    done: {
      title: '预约完成',
      lead: '您的预约已确认。期待您的光临。',
      ics: '添加到日历（.ics）',
      cancelHeading: '关于取消',
      cancelText: '您可以通过以下链接取消预约。该链接也已发送至 {{email}}。',
      cancelLink: '取消预约',
      missing: '无法显示预约信息。请查看邮件确认预约内容。',
      again: '返回预约页面',
    },
    cancel: {
      title: '取消预约',
      confirm: '将取消您的预约。确定吗？',
      submit: '取消预约',
      call: '电话：{{phone}}',
      doneTitle: '取消完成',
      doneText: '您的预约已取消。期待您再次预约。',
      toReserve: '重新预约',
    },
    visitConfirm: {
      title: '确认来院',
      lead: '如您将按预约时间来院，请点击下方按钮。',
      submit: '我会按时来院',
      confirming: '正在确认来院',
      done: '已确认您的来院',
      body: '我们将在预约时间等候您的光临。如行程有变，请通过预约确认邮件中的链接尽早取消后重新预约。',
    },
    ad: {
      title: '初次来院的顾客',
      lead: '初次咨询受理中',
      body: '医生和咨询师将倾听您的皮肤烦恼和需求，为您推荐合适的项目。网上预约约1分钟即可完成。',
      cta: '预约咨询',
    },
    registerDone: {
      title: '感谢您的注册',
      lead: '您已注册为临时会员。',
      body: '来院时前台将确认您的身份并完成正式注册（发放就诊卡号）。正式注册后即可登录会员页面。',
    },
  },

  pages: {
    guest: {
      reserve: { title: '预约', body: '请选择项目和日期时间进行预约。' },
      reserveDone: { title: '预约完成', body: '您的预约已确认。' },
      cancel: { title: '取消预约', body: '取消您的预约。' },
      cancelDone: { title: '取消完成', body: '您的预约已取消。' },
      ad: { title: '活动信息', body: '活动项目请在此预约。' },
      registerDone: { title: '注册完成', body: '感谢您的注册。' },
    },
  },
};
