import { describe, expect, it } from 'vitest';
import { checkTaskResources, isWebBookable, menuDuration, oneMenuPerClinic, validateMenuDraft, type MenuDraft, type MenuTaskDraft } from './menu.entity';

const task = (overrides: Partial<MenuTaskDraft> = {}): MenuTaskDraft => ({
  label: '照射',
  durationMinutes: 60,
  needsStaff: true,
  roomIds: [],
  machineIds: [],
  ...overrides,
});

const draft = (overrides: Partial<MenuDraft> = {}): MenuDraft => ({
  categoryId: '1',
  name: '全身脱毛 5回コース',
  description: '',
  enabled: true,
  webBookable: true,
  kind: 'CONTRACT',
  price: 198000,
  afterMenuId: null,
  tasks: [task()],
  ...overrides,
});

const pathsOf = (result: ReturnType<typeof validateMenuDraft>) => (!result.ok ? result.error.fields?.map((field) => field.path) : []);

describe('validateMenuDraft', () => {
  it('trims text, removes repeated rooms and machines and sorts them', () => {
    const result = validateMenuDraft(draft({ name: ' 顔脱毛 ', tasks: [task({ label: ' 照射 ', roomIds: ['10', '2', '10'], machineIds: ['5', '5'] })] }));
    expect(result.ok && result.value.name).toBe('顔脱毛');
    expect(result.ok && result.value.tasks[0]).toEqual({ label: '照射', durationMinutes: 60, needsStaff: true, roomIds: ['2', '10'], machineIds: ['5'] });
  });

  it('accepts 1 to 10 tasks of 15 to 720 minutes in 15-minute steps', () => {
    expect(validateMenuDraft(draft({ tasks: [task({ durationMinutes: 15 })] })).ok).toBe(true);
    expect(validateMenuDraft(draft({ tasks: Array.from({ length: 10 }, () => task({ durationMinutes: 720 })) })).ok).toBe(true);
  });

  it('refuses no task, eleven tasks, and durations off the grid or out of range', () => {
    expect(pathsOf(validateMenuDraft(draft({ tasks: [] })))).toEqual(['tasks']);
    expect(pathsOf(validateMenuDraft(draft({ tasks: Array.from({ length: 11 }, () => task()) })))).toEqual(['tasks']);
    const result = validateMenuDraft(
      draft({ tasks: [task({ durationMinutes: 20 }), task({ durationMinutes: 0 }), task({ durationMinutes: 735 }), task({ durationMinutes: 22.5 })] }),
    );
    expect(pathsOf(result)).toEqual(['tasks.0.durationMinutes', 'tasks.1.durationMinutes', 'tasks.2.durationMinutes', 'tasks.3.durationMinutes']);
    expect(!result.ok && result.error.fields?.[0]?.message).toBe('所要時間は15分単位で15〜720分の範囲で入力してください。');
  });

  it('refuses a blank name, a negative or fractional price, an unknown kind and itself as after-menu', () => {
    const result = validateMenuDraft(draft({ name: ' ', price: -1, kind: 'FREE' as never, afterMenuId: '7' }), '7');
    expect(pathsOf(result)).toEqual(['name', 'kind', 'price', 'afterMenuId']);
    expect(pathsOf(validateMenuDraft(draft({ price: 100.5 })))).toEqual(['price']);
  });
});

describe('checkTaskResources', () => {
  it('accepts rooms and machines of the clinic, and tasks that need none', () => {
    const menu = draft({ tasks: [task({ roomIds: ['1'], machineIds: ['3'] }), task({ roomIds: [], machineIds: [] })] });
    expect(checkTaskResources(menu, new Set(['1', '2']), new Set(['3'])).ok).toBe(true);
  });

  it('names the first room or machine that is not of the clinic', () => {
    const rooms = checkTaskResources(draft({ tasks: [task(), task({ roomIds: ['1', '9'] })] }), new Set(['1']), new Set());
    expect(!rooms.ok && rooms.error).toEqual({
      code: 'ROOM_NOT_FOUND',
      fields: [{ path: 'tasks.1.roomIds.1', message: 'このクリニックの部屋ではありません。' }],
    });
    const machines = checkTaskResources(draft({ tasks: [task({ machineIds: ['4'] })] }), new Set(), new Set(['3']));
    expect(!machines.ok && machines.error.code).toBe('MACHINE_NOT_FOUND');
  });
});

describe('menu facts', () => {
  it('lasts the sum of its tasks', () => {
    expect(menuDuration(draft({ tasks: [task({ durationMinutes: 15 }), task({ durationMinutes: 60 }), task({ durationMinutes: 15 })] }))).toBe(90);
  });

  it('is bookable online only when enabled and web-bookable', () => {
    expect(isWebBookable({ enabled: true, webBookable: true })).toBe(true);
    expect(isWebBookable({ enabled: false, webBookable: true })).toBe(false);
    expect(isWebBookable({ enabled: true, webBookable: false })).toBe(false);
  });

  it('allows one menu per clinic in a booking link', () => {
    expect(oneMenuPerClinic([{ clinicId: '1' }, { clinicId: '2' }]).ok).toBe(true);
    const twice = oneMenuPerClinic([{ clinicId: '1' }, { clinicId: '2' }, { clinicId: '1' }]);
    expect(!twice.ok && twice.error.fields?.[0]?.message).toBe('URLで指定できるメニューは1つのクリニックにつき1つまでです。');
  });
});
