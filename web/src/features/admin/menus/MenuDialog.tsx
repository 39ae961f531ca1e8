import { Button, Checkbox, FieldGroup, Grid, Inline, RadioGroup, Select, Stack, Text, TextArea, TextField } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { adminMenus } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { FormAlert, useSuccess, FormDialog } from '../shared/admin-ui';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../shared/form-errors';
import { DURATIONS } from '../shared/time';
import { MENU_KINDS, type Category, type Facility, type Menu } from '../shared/types';
import { MAX_TASKS, menuBody, moveItem, newTask, validateMenuForm, type MenuForm, type TaskForm } from './menu-form';
import { TranslationFields } from './TranslationFields';
import { MenuFormsField } from './MenuFormsField';

export interface MenuDialogProps {
  clinicId: string;
  /** `null`: a new menu. */
  menuId: string | null;
  initial: MenuForm;
  categories: readonly Category[];
  menus: readonly Menu[];
  rooms: readonly Facility[];
  machines: readonly Facility[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a menu: its fields and its ordered tasks. */
export function MenuDialog({ menuId, initial, categories, menus, rooms, machines, onClose, onSaved }: MenuDialogProps) {
  const t = useT();
  const api = useApi({ adminMenus });
  const success = useSuccess();
  const [form, setForm] = useState<MenuForm>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const set = <K extends keyof MenuForm>(key: K, value: MenuForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTask = (index: number, patch: Partial<TaskForm>) =>
    setForm((f) => ({ ...f, tasks: f.tasks.map((task, i) => (i === index ? { ...task, ...patch } : task)) }));
  const toggleId = (ids: string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateMenuForm(form, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      const body = menuBody(form);
      if (menuId) await api.adminMenus.updateMenu({ params: { id: menuId }, body });
      else await api.adminMenus.createMenu({ body });
      const entity = t('adminSetup.menus.entity');
      success(menuId ? t('adminSetup.common.updated', { entity }) : t('adminSetup.common.added', { entity }));
      onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error, { MENU_EXISTS: 'name', ROOM_NOT_FOUND: 'tasks', MACHINE_NOT_FOUND: 'tasks', CATEGORY_NOT_FOUND: 'categoryId' }));
    } finally {
      setPending(false);
    }
  }

  const afterItems = [
    { id: 'none', label: t('adminSetup.menus.form.noAfterMenu') },
    ...menus.filter((m) => m.id !== menuId).map((m) => ({ id: m.id, label: m.name })),
  ];

  return (
    <FormDialog title={menuId ? t('adminSetup.menus.editMenuTitle') : t('adminSetup.menus.addMenuTitle')} onClose={onClose} pending={pending} onSubmit={submit}>
      <Stack gap={5}>
        <FormAlert show={hasErrors(errors)} />
        <Grid>
          <TextField
            label={t('adminSetup.menus.form.name')}
            value={form.name}
            onChange={(v) => set('name', v)}
            isRequired
            maxLength={100}
            autoFocus
            isInvalid={Boolean(errors.name)}
            errorMessage={errors.name}
          />
          <Select
            label={t('adminSetup.menus.form.category')}
            items={categories.map((c) => ({ id: c.id, label: c.name }))}
            selectedKey={form.categoryId || null}
            onSelectionChange={(id) => set('categoryId', id)}
            isRequired
            isInvalid={Boolean(errors.categoryId)}
            errorMessage={errors.categoryId}
          />
          <div data-wide>
            <RadioGroup
              label={t('adminSetup.menus.form.kind')}
              orientation="horizontal"
              options={MENU_KINDS.map((kind) => ({ value: kind, label: t(`adminSetup.menus.kinds.${kind}`) }))}
              value={form.kind}
              onChange={(v) => set('kind', v as MenuForm['kind'])}
            />
          </div>
          <TextField
            label={t('adminSetup.menus.form.price')}
            value={form.price}
            onChange={(v) => set('price', v)}
            inputMode="numeric"
            isRequired
            isInvalid={Boolean(errors.price)}
            errorMessage={errors.price}
          />
          <Select
            label={t('adminSetup.menus.form.afterMenu')}
            items={afterItems}
            selectedKey={form.afterMenuId ?? 'none'}
            onSelectionChange={(id) => set('afterMenuId', id === 'none' ? null : id)}
          />
          <Checkbox isSelected={form.enabled} onChange={(v) => set('enabled', v)}>
            {t('adminSetup.common.enabled')}
          </Checkbox>
          <Checkbox isSelected={form.webBookable} onChange={(v) => set('webBookable', v)}>
            {t('adminSetup.menus.form.webBookable')}
          </Checkbox>
          <div data-wide>
            <TextArea
              label={t('adminSetup.menus.form.description')}
              value={form.description}
              onChange={(v) => set('description', v)}
              requiredLabel={t('adminSetup.common.requiredMark')}
            />
          </div>
          <div data-wide>
            <TextArea
              label={t('adminSetup.menus.form.preVisitNote')}
              value={form.preVisitNote}
              onChange={(v) => set('preVisitNote', v)}
              description={t('adminSetup.menus.form.preVisitNoteHelp')}
              isInvalid={Boolean(errors.preVisitNote)}
              errorMessage={errors.preVisitNote}
              requiredLabel={t('adminSetup.common.requiredMark')}
            />
          </div>
        </Grid>

        <TranslationFields kind="menu" value={form.translations} onChange={(v) => set('translations', v)} errors={errors} />

        <MenuFormsField value={form.forms} onChange={(v) => set('forms', v)} />

        <Text tone="muted" size="sm">
          {t('adminSetup.menus.form.tasksHelp')}
        </Text>
        {errors.tasks && (
          <Text tone="danger" size="xs" weight="semibold" role="alert">
            {errors.tasks}
          </Text>
        )}
        {form.tasks.map((task, index) => {
          const taskName = t('adminSetup.menus.form.taskLegend', { n: index + 1 });
          const durationError = errors[`tasks.${index}.durationMinutes`];
          return (
            <FieldGroup key={task.key} legend={taskName}>
              <Grid>
                <TextField label={t('adminSetup.menus.form.taskLabel')} value={task.label} onChange={(v) => setTask(index, { label: v })} maxLength={100} />
                <Select
                  label={t('adminSetup.menus.form.duration')}
                  items={DURATIONS.map((m) => ({ id: String(m), label: t('adminSetup.common.minutes', { n: m }) }))}
                  selectedKey={String(task.durationMinutes)}
                  onSelectionChange={(id) => setTask(index, { durationMinutes: Number(id) })}
                  isRequired
                  isInvalid={Boolean(durationError)}
                  errorMessage={durationError}
                />
              </Grid>
              <Checkbox isSelected={task.needsStaff} onChange={(v) => setTask(index, { needsStaff: v })}>
                {t('adminSetup.menus.form.needsStaff')}
              </Checkbox>
              <FieldGroup legend={t('adminSetup.menus.form.rooms')} variant="plain" layout="inline" gap={4} rowGap={1}>
                {rooms.length === 0 && (
                  <Text tone="muted" size="sm">
                    {t('adminSetup.menus.form.noRooms')}
                  </Text>
                )}
                {rooms.map((room) => (
                  <Checkbox
                    key={room.id}
                    isSelected={task.roomIds.includes(room.id)}
                    onChange={(on) => setTask(index, { roomIds: toggleId(task.roomIds, room.id, on) })}
                  >
                    {room.name}
                  </Checkbox>
                ))}
              </FieldGroup>
              <FieldGroup legend={t('adminSetup.menus.form.machines')} variant="plain" layout="inline" gap={4} rowGap={1}>
                {machines.length === 0 && (
                  <Text tone="muted" size="sm">
                    {t('adminSetup.menus.form.noMachines')}
                  </Text>
                )}
                {machines.map((machine) => (
                  <Checkbox
                    key={machine.id}
                    isSelected={task.machineIds.includes(machine.id)}
                    onChange={(on) => setTask(index, { machineIds: toggleId(task.machineIds, machine.id, on) })}
                  >
                    {machine.name}
                  </Checkbox>
                ))}
              </FieldGroup>
              <Inline>
                <Button
                  size="sm"
                  variant="secondary"
                  isDisabled={index === 0}
                  aria-label={t('adminSetup.menus.form.moveUpNamed', { name: taskName })}
                  onPress={() => setForm((f) => ({ ...f, tasks: moveItem(f.tasks, index, index - 1) }))}
                >
                  {t('adminSetup.common.moveUp')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  isDisabled={index === form.tasks.length - 1}
                  aria-label={t('adminSetup.menus.form.moveDownNamed', { name: taskName })}
                  onPress={() => setForm((f) => ({ ...f, tasks: moveItem(f.tasks, index, index + 1) }))}
                >
                  {t('adminSetup.common.moveDown')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  isDisabled={form.tasks.length <= 1}
                  aria-label={t('adminSetup.menus.form.removeTaskNamed', { name: taskName })}
                  onPress={() => setForm((f) => ({ ...f, tasks: f.tasks.filter((_, i) => i !== index) }))}
                >
                  {t('adminSetup.menus.form.removeTask')}
                </Button>
              </Inline>
            </FieldGroup>
          );
        })}
        <div>
          <Button variant="secondary" isDisabled={form.tasks.length >= MAX_TASKS} onPress={() => setForm((f) => ({ ...f, tasks: [...f.tasks, newTask()] }))}>
            {t('adminSetup.menus.form.addTask')}
          </Button>
        </div>
      </Stack>
    </FormDialog>
  );
}
