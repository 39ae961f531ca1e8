import { Badge, Button, Card, ConfirmDialog, FieldRow, Inline, PageHeader, Stack, Text, TextField } from '@clinic/ui-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { adminMachines, adminMenus, adminRooms } from '../../../shared/api/endpoints';
import { useApi } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useLoad } from '../../../shared/useLoad';
import { useStaffSession } from '../../staff/StaffSessionContext';
import { ClinicRequired, FormAlert, LoadErrorBlock, LoadingBlock, useSuccess, FormDialog } from '../shared/admin-ui';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../shared/form-errors';
import { SortableList } from '../shared/SortableList';
import type { Category, Facility, Menu } from '../shared/types';
import { MenuDialog } from './MenuDialog';
import { emptyMenuForm, menuToForm, type MenuForm } from './menu-form';
import { TranslationFields } from './TranslationFields';
import { languageList, translationGaps, translationsBody, translationsToForm, validateTranslationsForm, type TranslationsForm } from './translations';

interface MenusData {
  categories: Category[];
  menus: Menu[];
  rooms: Facility[];
  machines: Facility[];
}

/**
 * The marker of a menu or category guests see (partly) in Japanese: 翻訳なし for the languages
 * without a name, 翻訳が一部なし for those without a description or note the Japanese has.
 */
export function TranslationBadges({ item }: { item: Pick<Category, 'translations' | 'missingTranslations'> }) {
  const t = useT();
  const { missing, partial } = translationGaps(item);
  return (
    <>
      {missing.length > 0 && (
        <Badge variant="outline" tone="warning">
          {t('adminSetup.translations.missing', { languages: languageList(t, missing) })}
        </Badge>
      )}
      {partial.length > 0 && (
        <Badge variant="outline" tone="warning">
          {t('adminSetup.translations.partial', { languages: languageList(t, partial) })}
        </Badge>
      )}
    </>
  );
}

/** /admin/clinic/menus/: the categories and menus of the selected clinic. */
export function MenusPage() {
  const t = useT();
  const title = t('pages.admin.menus.title');
  useDocumentTitle(title);
  const { selectedClinic } = useStaffSession();
  return (
    <section>
      <PageHeader title={title} description={selectedClinic ? t('adminSetup.common.forClinic', { name: selectedClinic.name }) : undefined} />
      {selectedClinic ? <MenusEditor clinicId={selectedClinic.id} /> : <ClinicRequired />}
    </section>
  );
}

function MenusEditor({ clinicId }: { clinicId: string }) {
  const api = useApi({ adminMenus, adminRooms, adminMachines });
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoad<MenusData>(
    async () => {
      const query = { clinicId };
      const [categories, menus, rooms, machines] = await Promise.all([
        api.adminMenus.categories({ query }),
        api.adminMenus.allMenus({ query }),
        api.adminRooms.list({ query }),
        api.adminMachines.list({ query }),
      ]);
      return { categories, menus, rooms, machines };
    },
    [api, clinicId],
    { reloadKey: version },
  );

  if (state.status === 'loading') return <LoadingBlock />;
  if (state.status === 'failed') return <LoadErrorBlock error={state.error} onRetry={reload} />;
  return <MenusBoard clinicId={clinicId} data={state.data} reload={reload} />;
}

const byOrder = <T extends { displayOrder: number; id: string }>(a: T, b: T) => a.displayOrder - b.displayOrder || Number(a.id) - Number(b.id);

function MenusBoard({ clinicId, data, reload }: { clinicId: string; data: MenusData; reload: () => void }) {
  const t = useT();
  const api = useApi({ adminMenus, adminRooms, adminMachines });
  const success = useSuccess();
  const [categories, setCategories] = useState(data.categories);
  const [menus, setMenus] = useState(data.menus);
  const [editingCategory, setEditingCategory] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'category' | 'menu'; id: string; name: string } | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [menuDialog, setMenuDialog] = useState<{ menuId: string | null; initial: MenuForm } | null>(null);

  useEffect(() => {
    setCategories(data.categories);
    setMenus(data.menus);
  }, [data]);

  const enabledRooms = data.rooms.filter((r) => r.enabled);
  const enabledMachines = data.machines.filter((m) => m.enabled);

  async function reorderCategories(ids: string[]) {
    const previous = categories;
    setCategories(ids.map((id) => categories.find((c) => c.id === id)).filter((c): c is Category => Boolean(c)));
    try {
      const saved = await api.adminMenus.orderCategories({ body: { clinicId, ids } });
      if (Array.isArray(saved)) setCategories(saved);
      success(t('adminSetup.common.orderSaved'));
    } catch {
      setCategories(previous);
    }
  }

  async function reorderMenus(categoryId: string, ids: string[]) {
    const previous = menus;
    const rank = new Map(ids.map((id, index) => [id, index]));
    setMenus((all) => all.map((m) => (rank.has(m.id) ? { ...m, displayOrder: rank.get(m.id) ?? m.displayOrder } : m)));
    try {
      await api.adminMenus.orderMenus({ body: { categoryId, ids } });
      success(t('adminSetup.common.orderSaved'));
    } catch {
      setMenus(previous);
    }
  }

  async function openEdit(menu: Menu) {
    try {
      const full = await api.adminMenus.menu({ params: { id: menu.id } });
      setMenuDialog({ menuId: menu.id, initial: menuToForm(full) });
    } catch {
      // Shown by the HTTP client.
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    const isCategory = deleting.kind === 'category';
    try {
      await (isCategory ? api.adminMenus.removeCategory({ params: { id: deleting.id } }) : api.adminMenus.removeMenu({ params: { id: deleting.id } }));
      success(t('adminSetup.common.deleted', { entity: t(isCategory ? 'adminSetup.menus.categoryEntity' : 'adminSetup.menus.entity') }));
      reload();
    } catch {
      // IN_USE: the server's message (disable instead) is shown by the HTTP client.
    } finally {
      setDeletePending(false);
      setDeleting(null);
    }
  }

  return (
    <Stack gap={5}>
      <Card title={t('adminSetup.menus.categoriesTitle')}>
        <Stack gap={5}>
          <AddCategoryForm clinicId={clinicId} onAdded={reload} />
          <Text tone="muted" size="sm">
            {t('adminSetup.common.reorderHelp')}
          </Text>
          <Text tone="muted" size="sm">
            {t('adminSetup.translations.missingHelp')}
          </Text>
          <SortableList
            aria-label={t('adminSetup.menus.categoriesTitle')}
            items={categories}
            onReorder={(ids) => void reorderCategories(ids)}
            textValue={(c) => c.name}
            handleLabel={(c) => t('adminSetup.common.reorderNamed', { name: c.name })}
            emptyText={t('adminSetup.menus.noCategories')}
            renderItem={(category) => (
              <Inline justify="between">
                <Stack gap={1}>
                  <strong>{category.name}</strong>
                  <Inline as="span" gap={1}>
                    <TranslationBadges item={category} />
                  </Inline>
                </Stack>
                <Inline>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('adminSetup.common.editNamed', { name: category.name })}
                    onPress={() => setEditingCategory(category)}
                  >
                    {t('adminSetup.common.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('adminSetup.common.deleteNamed', { name: category.name })}
                    onPress={() => setDeleting({ kind: 'category', id: category.id, name: category.name })}
                  >
                    {t('adminSetup.common.delete')}
                  </Button>
                </Inline>
              </Inline>
            )}
          />
        </Stack>
      </Card>

      {categories.map((category) => {
        const list = menus.filter((m) => m.categoryId === category.id).sort(byOrder);
        return (
          <Card
            key={category.id}
            title={t('adminSetup.menus.menusOf', { name: category.name })}
            actions={
              <Button size="sm" onPress={() => setMenuDialog({ menuId: null, initial: emptyMenuForm(category.id) })}>
                {t('adminSetup.menus.addMenu')}
              </Button>
            }
          >
            <SortableList
              aria-label={t('adminSetup.menus.menusOf', { name: category.name })}
              items={list}
              onReorder={(ids) => void reorderMenus(category.id, ids)}
              textValue={(m) => m.name}
              handleLabel={(m) => t('adminSetup.common.reorderNamed', { name: m.name })}
              emptyText={t('adminSetup.menus.noMenus')}
              renderItem={(menu) => (
                <Inline justify="between">
                  <Stack gap={1}>
                    <strong>{menu.name}</strong>
                    <Inline as="span" gap={1}>
                      <Badge variant="outline">{t(`adminSetup.menus.kinds.${menu.kind}`)}</Badge>
                      <Badge variant="outline">{t('adminSetup.common.yen', { n: menu.price.toLocaleString('ja-JP') })}</Badge>
                      <Badge variant="outline">{t('adminSetup.common.minutes', { n: menu.durationMinutes })}</Badge>
                      <Badge variant="outline" tone={menu.enabled ? 'success' : 'neutral'}>
                        {menu.enabled ? t('adminSetup.common.enabled') : t('adminSetup.common.disabled')}
                      </Badge>
                      {menu.webBookable && (
                        <Badge variant="outline" tone="success">
                          {t('adminSetup.menus.form.webBookable')}
                        </Badge>
                      )}
                      <TranslationBadges item={menu} />
                    </Inline>
                  </Stack>
                  <Inline>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('adminSetup.common.editNamed', { name: menu.name })}
                      onPress={() => void openEdit(menu)}
                    >
                      {t('adminSetup.common.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t('adminSetup.common.deleteNamed', { name: menu.name })}
                      onPress={() => setDeleting({ kind: 'menu', id: menu.id, name: menu.name })}
                    >
                      {t('adminSetup.common.delete')}
                    </Button>
                  </Inline>
                </Inline>
              )}
            />
          </Card>
        );
      })}

      {menuDialog && (
        <MenuDialog
          clinicId={clinicId}
          menuId={menuDialog.menuId}
          initial={menuDialog.initial}
          categories={categories}
          menus={menus}
          rooms={enabledRooms}
          machines={enabledMachines}
          onClose={() => setMenuDialog(null)}
          onSaved={() => {
            setMenuDialog(null);
            reload();
          }}
        />
      )}
      {editingCategory && (
        <CategoryDialog
          category={editingCategory}
          onClose={() => setEditingCategory(null)}
          onSaved={() => {
            setEditingCategory(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={deletePending}
        message={t('adminSetup.common.deleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function AddCategoryForm({ clinicId, onAdded }: { clinicId: string; onAdded: () => void }) {
  const t = useT();
  const api = useApi({ adminMenus, adminRooms, adminMachines });
  const success = useSuccess();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const label = t('adminSetup.menus.categoryName');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('adminSetup.common.required', { field: label }) });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await api.adminMenus.createCategory({ body: { clinicId, name: name.trim() } });
      success(t('adminSetup.common.added', { entity: t('adminSetup.menus.categoryEntity') }));
      setName('');
      onAdded();
    } catch (error) {
      setErrors(serverFieldErrors(error, { CATEGORY_EXISTS: 'name' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap={5} as="div">
      <FormAlert show={Boolean(errors.name)} />
      <FieldRow onSubmit={(e) => void submit(e)} noValidate aria-label={t('adminSetup.menus.addCategory')}>
        <TextField label={label} value={name} onChange={setName} isRequired maxLength={100} isInvalid={Boolean(errors.name)} errorMessage={errors.name} />
        <Button type="submit" isPending={pending}>
          {t('adminSetup.menus.addCategory')}
        </Button>
      </FieldRow>
    </Stack>
  );
}

function CategoryDialog({ category, onClose, onSaved }: { category: Category; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const api = useApi({ adminMenus, adminRooms, adminMachines });
  const success = useSuccess();
  const [name, setName] = useState(category.name);
  const [translations, setTranslations] = useState<TranslationsForm>(() => translationsToForm(category.translations));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const label = t('adminSetup.menus.categoryName');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTranslationsForm(translations, t, 'category');
    if (!name.trim()) found.name = t('adminSetup.common.required', { field: label });
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await api.adminMenus.updateCategory({
        params: { id: category.id },
        body: { name: name.trim(), translations: translationsBody(translations, 'category') },
      });
      success(t('adminSetup.common.updated', { entity: t('adminSetup.menus.categoryEntity') }));
      onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error, { CATEGORY_EXISTS: 'name' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog title={t('adminSetup.menus.editCategoryTitle')} onClose={onClose} pending={pending} onSubmit={submit}>
      <Stack gap={5}>
        <FormAlert show={hasErrors(errors)} />
        <TextField
          label={label}
          value={name}
          onChange={setName}
          isRequired
          autoFocus
          maxLength={100}
          isInvalid={Boolean(errors.name)}
          errorMessage={errors.name}
        />
        <TranslationFields kind="category" value={translations} onChange={setTranslations} errors={errors} />
      </Stack>
    </FormDialog>
  );
}
