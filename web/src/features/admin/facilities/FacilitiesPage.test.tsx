import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clinics, fakeApi, staffProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const rooms = [{ id: 'r1', clinicId: 'c1', name: '施術室1', displayOrder: 0, enabled: true }];

function api() {
  return fakeApi({
    'GET /api/staffs/profile': { body: staffProfile({ role: 'ADMIN' }) },
    'GET /api/staffs/clinics': { body: clinics },
    'GET /api/admin/rooms': { body: rooms },
    'GET /api/admin/machines': { body: [] },
    'POST /api/admin/rooms': { status: 409, body: { error: { code: 'ROOM_EXISTS', message: '同じ名前の部屋がすでに登録されています。' } } },
    'DELETE /api/admin/rooms/r1': { status: 409, body: { error: { code: 'IN_USE', message: '使用中のため削除できません。' } } },
  });
}

describe('facilities page', () => {
  it('lists rooms, refuses an empty or duplicate name next to the field, and confirms before delete', async () => {
    const user = userEvent.setup();
    const fake = api();
    renderApp('/admin/clinic/facilities/', fake);
    expect(await screen.findByRole('rowheader', { name: '施術室1' }, { timeout: 10_000 })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: '部屋を追加' });
    await user.click(within(form).getByRole('button', { name: '追加' }));
    expect(screen.getByText('全ての項目に正しく値を入力してください。')).toBeInTheDocument();
    expect(within(form).getByText('部屋の名前を入力してください。')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /部屋の名前/ }), '施術室1');
    await user.click(within(form).getByRole('button', { name: '追加' }));
    expect(await within(form).findByText('同じ名前の部屋がすでに登録されています。')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')?.init.body).toBe(JSON.stringify({ clinicId: 'c1', name: '施術室1', enabled: true }));

    await user.click(screen.getByRole('button', { name: '施術室1を削除' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('「施術室1」を削除します。よろしいですか？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'はい' }));
    expect(await screen.findByText('使用中のため削除できません。')).toBeInTheDocument();
  });
});
