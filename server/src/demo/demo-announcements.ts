import type { Container } from 'inversify';
import { CLINICS, SHARED } from '../container/tokens';
import { SETTINGS } from '../container/settings.module';

/**
 * A few お知らせ for the demo chain: two chain-wide, one each for 渋谷院 and 新宿院, one that
 * starts next week (not yet shown to members). Written as the head-office admin would.
 */
export const loadDemoAnnouncements = async (container: Container): Promise<void> => {
  const clinics = await container.get(CLINICS.clinics).list();
  const clinicId = (name: string) => clinics.find((clinic) => clinic.name === name)?.id ?? null;
  const now = container.get(SHARED.clock).now().startOf('day');
  const at = (days: number) => now.plus({ days }).toISO({ suppressMilliseconds: true })!;
  const announcements = container.get(SETTINGS.announcements);
  const entries = [
    {
      clinicId: null,
      title: 'Web予約をリニューアルしました',
      body: 'スマートフォンからも空き時間を探しやすくなりました。ご予約の変更・キャンセルもマイページから行えます。',
      publishedFrom: at(-14),
      publishedUntil: null,
    },
    {
      clinicId: null,
      title: '年末年始の診療について',
      body: '12月29日から1月3日までは全院休診とさせていただきます。ご不便をおかけしますが、よろしくお願いいたします。',
      publishedFrom: at(-3),
      publishedUntil: at(45),
    },
    {
      clinicId: clinicId('渋谷'),
      title: '渋谷院：新しい脱毛機を導入しました',
      body: '痛みの少ない最新の医療脱毛機を導入しました。カウンセリングでお気軽にご相談ください。',
      publishedFrom: at(-7),
      publishedUntil: null,
    },
    {
      clinicId: clinicId('新宿'),
      title: '新宿院：水曜日は休診です',
      body: '新宿院は毎週水曜日が休診日です。お電話でのご予約も水曜日はお休みをいただいております。',
      publishedFrom: at(-30),
      publishedUntil: null,
    },
    { clinicId: null, title: '春のキャンペーンのご案内', body: '詳しくは掲載開始日にお知らせします。', publishedFrom: at(7), publishedUntil: at(60) },
  ];
  for (const entry of entries) await announcements.create(entry, null);
};
