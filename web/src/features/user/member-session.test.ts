import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { memberMenuItems } from './member-session';

describe('memberMenuItems', () => {
  it('lists the member menu in order, with insurance when the clinic has a category', () => {
    const items = memberMenuItems({ id: 'c2', hokenCategoryId: 'h9' });
    expect(items.map((i) => translate(i.labelKey))).toEqual([
      'お知らせ',
      '契約／ご予約の確認',
      '契約メニューのご予約',
      '新規メニューのご予約',
      '保険診療メニューのご予約',
      '会員情報の変更',
      'ログアウト',
    ]);
    expect(items.map((i) => i.to)).toEqual([
      '/user/mypage/update/',
      '/user/mypage/services/',
      '/user/mypage/reserve/?ekimu=true',
      '/user/mypage/reserve/',
      '/user/mypage/reserve/?clinicId=c2&categoryId=h9',
      '/user/mypage/settings/',
      '/user/mypage/logout/',
    ]);
  });

  it('leaves insurance out when the clinic has no insurance category', () => {
    const items = memberMenuItems({ id: 'c1', hokenCategoryId: null });
    expect(items.map((i) => i.key)).not.toContain('reserveInsurance');
    expect(items).toHaveLength(6);
  });
});
