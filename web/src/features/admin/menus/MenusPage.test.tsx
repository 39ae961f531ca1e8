import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const categories = [
  { id: 'k1', clinicId: 'c1', name: '医療脱毛', displayOrder: 0, translations: { en: { name: 'Hair removal' } }, missingTranslations: ['zh-CN'] },
  { id: 'k2', clinicId: 'c1', name: '美肌', displayOrder: 1, translations: { en: { name: 'Skin care' }, 'zh-CN': { name: '美肤' } }, missingTranslations: [] },
];

const menu = (overrides: Record<string, unknown>) => ({
  clinicId: 'c1',
  categoryId: 'k1',
  description: '',
  preVisitNote: '',
  displayOrder: 0,
  enabled: true,
  webBookable: true,
  kind: 'NEW',
  price: 19800,
  afterMenuId: null,
  durationMinutes: 60,
  tasks: [{ id: 't1', position: 0, label: '', durationMinutes: 60, needsStaff: true, roomIds: [], machineIds: [] }],
  categoryName: '医療脱毛',
  ...overrides,
});

const fullBody = menu({
  id: 'm1',
  name: '全身脱毛',
  preVisitNote: '前日までにシェービングをしてください。',
  translations: { en: { name: 'Full-body hair removal' } },
  missingTranslations: ['en', 'zh-CN'],
});
const face = menu({
  id: 'm2',
  name: '顔脱毛',
  displayOrder: 1,
  translations: { en: { name: 'Face' }, 'zh-CN': { name: '面部脱毛' } },
  missingTranslations: [],
});
const untranslated = menu({ id: 'm3', name: 'ピーリング', categoryId: 'k2', categoryName: '美肌', translations: {}, missingTranslations: ['en', 'zh-CN'] });

function api() {
  return fakeApi({
    'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/admin/menu-categories': { body: categories },
    'GET /api/admin/menus/all': { body: [fullBody, face, untranslated] },
    'GET /api/admin/rooms': { body: [] },
    'GET /api/admin/machines': { body: [] },
    'GET /api/admin/menus/m1': { body: fullBody },
    'PUT /api/admin/menus/m1': { body: fullBody },
    'PUT /api/admin/menu-categories/k1': { body: categories[0] },
  });
}

const sentBody = (fake: ReturnType<typeof api>, method: string, path: string) =>
  JSON.parse(String(fake.calls.find((c) => c.method === method && c.url.startsWith(path))?.init.body)) as Record<string, unknown>;

describe('menus page: translations', () => {
  it('marks the menus and categories that lack an English or Chinese text', async () => {
    renderApp('/admin/clinic/menus/', api());
    const hairRemoval = await screen.findByRole('grid', { name: '医療脱毛のメニュー' }, { timeout: 10_000 });
    const rowOf = (list: HTMLElement, name: string) =>
      within(list)
        .getAllByRole('row')
        .find((item) => within(item).queryByText(name))!;
    expect(within(rowOf(hairRemoval, '全身脱毛')).getByText('翻訳なし: 中国語')).toBeInTheDocument();
    // English has the name but not the 来院前のご案内 the Japanese menu has.
    expect(within(rowOf(hairRemoval, '全身脱毛')).getByText('翻訳が一部なし: 英語')).toBeInTheDocument();
    expect(within(rowOf(hairRemoval, '顔脱毛')).queryByText(/翻訳/)).toBeNull();
    const skin = screen.getByRole('grid', { name: '美肌のメニュー' });
    expect(within(rowOf(skin, 'ピーリング')).getByText('翻訳なし: 英語・中国語')).toBeInTheDocument();
    const categoryList = screen.getByRole('grid', { name: 'カテゴリ' });
    expect(within(rowOf(categoryList, '医療脱毛')).getByText('翻訳なし: 中国語')).toBeInTheDocument();
    expect(within(rowOf(categoryList, '美肌')).queryByText(/翻訳/)).toBeNull();
  });

  it('edits a menu English and Chinese name, description and 来院前のご案内, sent as translations', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/clinic/menus/', fake);
    await user.click(await screen.findByRole('button', { name: '全身脱毛を編集' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'メニューの編集' });
    expect(within(dialog).getByRole('group', { name: '英語（English）' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '英語の名称' })).toHaveValue('Full-body hair removal');
    await user.type(within(dialog).getByRole('textbox', { name: '英語の来院前のご案内' }), 'Please shave the day before.');
    await user.type(within(dialog).getByRole('textbox', { name: '中国語（簡体字）の説明' }), '全身');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // A description without a name in that language is refused next to the name.
    expect(await within(dialog).findByText('説明や来院前のご案内を翻訳するときは、中国語（簡体字）の名称も入力してください。')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: '中国語（簡体字）の名称' }), '全身脱毛');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('メニューを更新しました。');
    expect(sentBody(fake, 'PUT', '/api/admin/menus/m1').translations).toEqual({
      en: { name: 'Full-body hair removal', description: '', preVisitNote: 'Please shave the day before.' },
      'zh-CN': { name: '全身脱毛', description: '全身', preVisitNote: '' },
    });
  });

  it('edits a category English and Chinese names', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/clinic/menus/', fake);
    await user.click(await screen.findByRole('button', { name: '医療脱毛を編集' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'カテゴリの編集' });
    expect(within(dialog).getByRole('textbox', { name: '英語の名称' })).toHaveValue('Hair removal');
    await user.type(within(dialog).getByRole('textbox', { name: '中国語（簡体字）の名称' }), '医疗脱毛');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('カテゴリを更新しました。');
    expect(sentBody(fake, 'PUT', '/api/admin/menu-categories/k1')).toEqual({
      name: '医療脱毛',
      translations: { en: { name: 'Hair removal' }, 'zh-CN': { name: '医疗脱毛' } },
    });
  });
});
