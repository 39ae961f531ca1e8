import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import type { AdminForm, FormVersion } from './admin-forms.api';

const v1: FormVersion = {
  id: 'v1',
  formId: 'f1',
  version: 1,
  status: 'ACTIVE',
  publishedAt: '2026-11-01T10:00:00+09:00',
  hash: 'c'.repeat(64),
  items: [{ key: 'pregnant', type: 'yesno', label: '妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } }],
  body: null,
  translations: { en: { items: { pregnant: { label: 'Could you be pregnant?' } } } },
};

describe('the form editor', () => {
  it('makes a draft from the published version, edits a question, shows it in the 375 px preview and publishes after confirming', async () => {
    const user = userEvent.setup();
    let versions: FormVersion[] = [v1];
    const form = (): AdminForm => ({
      id: 'f1',
      kind: 'QUESTIONNAIRE',
      title: '医療脱毛 問診票',
      checkConditionId: null,
      translations: {},
      activeVersionId: versions.find((v) => v.status === 'ACTIVE')?.id ?? null,
      versions: versions.map(({ id, version, status, publishedAt, hash }) => ({ id, version, status, publishedAt, hash })),
    });
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN', clinicId: null }) },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/admin/forms/f1': () => ({ body: form() }),
      'GET /api/admin/forms/f1/versions/v1': () => ({ body: versions[0] }),
      'GET /api/admin/forms/f1/versions/v2': () => ({ body: versions[1] }),
      'POST /api/admin/forms/f1/versions': (init) => {
        const body = JSON.parse(String(init.body)) as Pick<FormVersion, 'items' | 'translations'>;
        versions = [...versions, { ...v1, ...body, id: 'v2', version: 2, status: 'DRAFT', publishedAt: null, hash: null, body: null }];
        return { status: 201, body: { id: 'v2', version: 2, status: 'DRAFT' } };
      },
      'PUT /api/admin/forms/f1/versions/v2': (init) => {
        versions = [versions[0]!, { ...versions[1]!, ...(JSON.parse(String(init.body)) as object) }];
        return { body: versions[1] };
      },
      'POST /api/admin/forms/f1/versions/v2/publish': () => {
        versions = [
          { ...versions[0]!, status: 'RETIRED' },
          { ...versions[1]!, status: 'ACTIVE', publishedAt: '2026-12-01T10:00:00+09:00', hash: 'd'.repeat(64) },
        ];
        return { body: { id: 'v2', version: 2, status: 'ACTIVE', publishedAt: '2026-12-01T10:00:00+09:00', hash: 'd'.repeat(64) } };
      },
    });
    renderApp('/admin/settings/forms/f1/', { fetch: fake.fetch });
    await user.click(await screen.findByRole('button', { name: '新しい版を作る' }, { timeout: 10_000 }));
    const label = await screen.findByRole('textbox', { name: /質問（日本語）/ });
    expect(label).toBeEnabled();
    const created = fake.calls.find((c) => c.method === 'POST' && c.url.endsWith('/versions'))!;
    expect(JSON.parse(String(created.init.body))).toEqual({ items: v1.items, translations: v1.translations });

    await user.clear(label);
    await user.type(label, '現在、妊娠中または妊娠の可能性はありますか');
    const preview = screen.getByTestId('form-preview');
    expect(within(preview).getByRole('radiogroup', { name: /現在、妊娠中/ })).toBeInTheDocument();
    await user.click(within(preview).getByRole('radio', { name: 'English' }));
    expect(within(preview).getByRole('radiogroup', { name: /Could you be pregnant/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'この版を公開する' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('第2版を公開しますか');
    await user.click(within(dialog).getByRole('button', { name: '公開する' }));
    await waitFor(() => expect(fake.calls.some((c) => c.url.endsWith('/versions/v2/publish'))).toBe(true));
    const saved = fake.calls.find((c) => c.method === 'PUT')!;
    expect((JSON.parse(String(saved.init.body)) as FormVersion).items[0]!.label).toBe('現在、妊娠中または妊娠の可能性はありますか');
    expect(await screen.findByText('第2版を公開しました。')).toBeInTheDocument();
  });
});

describe('the forms list for a clinic’s ADMIN', () => {
  it('says the forms are the head office’s, offers no 書類を追加 and shows no error', async () => {
    const fake = fakeApi({
      'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN', clinicId: 'c1' }) },
      'GET /api/staffs/clinics': { body: clinics },
      'GET /api/admin/forms': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'この操作を行う権限がありません。' } } },
      'GET /api/admin/check-conditions': { body: [] },
    });
    renderApp('/admin/settings/forms/', { fetch: fake.fetch });
    expect(await screen.findByText(/作成・編集・公開は本部の管理者が行います。/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '書類を追加' })).toBeNull();
    expect(screen.queryByText('この操作を行う権限がありません。')).toBeNull();
  });
});
