import { Button, Card, ConfirmDialog, Inline, Stack, Table, type TableColumn } from '@clinic/ui-kit';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import { FormAlert, LoadErrorBlock, LoadingBlock, useSuccess, FormDialog } from '../shared/admin-ui';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../shared/form-errors';

/** The routes of one list (the contract's table, through the API client). */
export interface CrudCalls<T, B> {
  list(): Promise<T[]>;
  create(body: B): Promise<unknown>;
  update(id: string, body: B): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

export interface CrudCardProps<T extends { id: string }, F, K extends string, B> {
  title: string;
  /** 「タグ」: used in the success messages and dialog titles. */
  entity: string;
  /** Stable between renders (`useMemo`): a new object loads the list again. */
  calls: CrudCalls<T, B>;
  emptyText: string;
  columns: readonly TableColumn<K>[];
  renderCell: (row: T, key: K) => ReactNode;
  nameOf: (row: T) => string;
  toForm: (row: T | null) => F;
  validate: (form: F) => FieldErrors;
  toBody: (form: F) => B;
  /** Error code → the field it belongs to (`TAG_EXISTS` → `name`). */
  codeFields: Record<string, string>;
  renderFields: (form: F, set: (patch: Partial<F>) => void, errors: FieldErrors) => ReactNode;
}

/** A chain-wide list with add, edit (in a dialog) and delete (after a confirmation). */
export function CrudCard<T extends { id: string }, F, K extends string, B>(props: CrudCardProps<T, F, K, B>) {
  const t = useT();
  const success = useSuccess();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoad(() => props.calls.list(), [props.calls], { reloadKey: version });
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  async function remove(row: T) {
    setPending(true);
    try {
      await props.calls.remove(row.id);
      success(t('adminSetup.common.deleted', { entity: props.entity }));
      reload();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return (
    <Card
      title={props.title}
      actions={
        <Button size="sm" onPress={() => setEditing({ row: null })}>
          {t('adminSetup.common.addNamed', { entity: props.entity })}
        </Button>
      }
    >
      {state.status === 'loading' && <LoadingBlock />}
      {state.status === 'failed' && <LoadErrorBlock error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <Table<T, K | 'actions'>
          aria-label={props.title}
          emptyText={props.emptyText}
          columns={[...props.columns, { key: 'actions', label: t('adminSetup.common.actions') }]}
          rows={state.data}
          rowKey={(row) => row.id}
          renderCell={(row, key) =>
            key === 'actions' ? (
              <Inline>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('adminSetup.common.editNamed', { name: props.nameOf(row) })}
                  onPress={() => setEditing({ row })}
                >
                  {t('adminSetup.common.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t('adminSetup.common.deleteNamed', { name: props.nameOf(row) })}
                  onPress={() => setDeleting(row)}
                >
                  {t('adminSetup.common.delete')}
                </Button>
              </Inline>
            ) : (
              props.renderCell(row, key)
            )
          }
        />
      )}
      {editing && (
        <CrudDialog
          {...props}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={pending}
        message={t('adminSetup.common.deleteConfirm', { name: deleting ? props.nameOf(deleting) : '' })}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

function CrudDialog<T extends { id: string }, F, K extends string, B>(
  props: CrudCardProps<T, F, K, B> & { row: T | null; onClose: () => void; onSaved: () => void },
) {
  const t = useT();
  const success = useSuccess();
  const [form, setForm] = useState<F>(() => props.toForm(props.row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = props.validate(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      if (props.row) await props.calls.update(props.row.id, props.toBody(form));
      else await props.calls.create(props.toBody(form));
      success(t(props.row ? 'adminSetup.common.updated' : 'adminSetup.common.added', { entity: props.entity }));
      props.onSaved();
    } catch (error) {
      setErrors(serverFieldErrors(error, props.codeFields));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      title={t(props.row ? 'adminSetup.common.editTitle' : 'adminSetup.common.addTitle', { entity: props.entity })}
      onClose={props.onClose}
      pending={pending}
      onSubmit={submit}
    >
      <Stack gap={5}>
        <FormAlert show={hasErrors(errors)} />
        {props.renderFields(form, (patch) => setForm((f) => ({ ...f, ...patch })), errors)}
      </Stack>
    </FormDialog>
  );
}
