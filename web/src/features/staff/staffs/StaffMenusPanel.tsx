import { Button, Checkbox, EmptyState, FieldGroup, Inline, Stack, Text, useMessages } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import { LoadError } from './parts';
import type { Category, Menu, Staff, StaffsApi } from './staffs.api';

interface Grouped {
  category: Category | null;
  menus: Menu[];
}

export function groupMenus(categories: readonly Category[], menus: readonly Menu[]): Grouped[] {
  const byOrder = <T extends { displayOrder: number; id: string }>(a: T, b: T) => a.displayOrder - b.displayOrder || a.id.localeCompare(b.id);
  const groups: Grouped[] = [...categories].sort(byOrder).map((category) => ({
    category,
    menus: menus.filter((m) => m.categoryId === category.id).sort(byOrder),
  }));
  const known = new Set(categories.map((c) => c.id));
  const orphans = menus.filter((m) => !known.has(m.categoryId)).sort(byOrder);
  if (orphans.length) groups.push({ category: null, menus: orphans });
  return groups.filter((g) => g.menus.length > 0);
}

/** The menus a staff member performs: the clinic's menus by category, as checkboxes. */
export function StaffMenusPanel({ staff, clinicId, api, onSaved }: { staff: Staff; clinicId: string; api: StaffsApi; onSaved: (staff: Staff) => void }) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const state = useLoad(
    async () => {
      const [categories, menus] = await Promise.all([api.categories(clinicId), api.menus(clinicId)]);
      return groupMenus(categories, menus);
    },
    [api, clinicId],
    { reloadKey: attempt },
  );
  if (state.status === 'loading')
    return (
      <Text tone="muted" size="sm" role="status">
        {t('app.loading')}
      </Text>
    );
  if (state.status === 'failed') return <LoadError error={state.error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (state.data.length === 0) return <EmptyState>{t('staffsPage.menus.empty')}</EmptyState>;
  return <MenuChecklist key={staff.id} staff={staff} groups={state.data} api={api} onSaved={onSaved} />;
}

function MenuChecklist({ staff, groups, api, onSaved }: { staff: Staff; groups: Grouped[]; api: StaffsApi; onSaved: (staff: Staff) => void }) {
  const t = useT();
  const messages = useMessages();
  const [selected, setSelected] = useState(() => new Set(staff.menuIds));
  const [pending, setPending] = useState(false);

  const toggle = (id: string, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function save() {
    setPending(true);
    try {
      const order = groups.flatMap((g) => g.menus.map((m) => m.id));
      const saved = await api.setMenus(
        staff.id,
        order.filter((id) => selected.has(id)),
      );
      messages.show({ text: t('staffsPage.messages.menusUpdated'), tone: 'success' });
      onSaved(saved);
    } catch {
      // The HTTP client has shown the reason.
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack>
      <Text tone="muted" size="sm">
        {t('staffsPage.menus.help')}
      </Text>
      {groups.map((group) => (
        <FieldGroup key={group.category?.id ?? 'none'} legend={group.category?.name ?? t('staffsPage.menus.uncategorized')} gap={2}>
          {group.menus.map((menu) => (
            <Checkbox key={menu.id} isSelected={selected.has(menu.id)} onChange={(on) => toggle(menu.id, on)}>
              {menu.name}
            </Checkbox>
          ))}
        </FieldGroup>
      ))}
      <Inline justify="between" gap={3}>
        <Text tone="muted" size="sm" aria-live="polite">
          {t('staffsPage.menus.count', { count: selected.size })}
        </Text>
        <Button onPress={() => void save()} isPending={pending}>
          {t('staffsPage.menus.save')}
        </Button>
      </Inline>
    </Stack>
  );
}
