import { describe, expect, it } from 'vitest';
import { memberPasswordResetMail } from './member-mails';

const expiresAt = new Date('2026-12-01T01:30:00Z');
const url = 'https://clinic.example.jp/user/reset/?token=abc';

describe('memberPasswordResetMail', () => {
  it('is Japanese for a member without a saved language, as before', () => {
    const mail = memberPasswordResetMail({ email: 'hanako@example.jp', name: '山田 花子' }, url, expiresAt);
    expect(mail.subject).toBe('【クリニック予約】パスワード再設定のご案内');
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('URLの有効期限：2026年12月1日(火) 10:30まで');
  });

  it("is in the member's language: English and Chinese, with the link and the expiry in Japan time", () => {
    const en = memberPasswordResetMail({ email: 'emily@example.com', name: 'Emily Johnson', language: 'en' }, url, expiresAt);
    expect(en.subject).toBe('[Clinic reservations] Resetting your password');
    expect(en.text).toContain('Dear Emily Johnson,');
    expect(en.text).toContain(url);
    expect(en.text).toContain('valid until Tue 1 Dec 2026, 10:30 (Japan time');
    const zh = memberPasswordResetMail({ email: 'li@example.cn', name: '李 娜', language: 'zh-CN' }, url, expiresAt);
    expect(zh.subject).toBe('【诊所预约】重设密码');
    expect(zh.text).toContain('链接有效期至2026年12月1日 10:30');
    expect(zh.text).not.toMatch(/[ぁ-ん]/);
  });
});
