import { Button, ConfirmDialog, useMessages } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../../i18n';
import type { CalendarApi, CalendarMemo } from './calendar.api';
import * as S from './calendar.styles';

/**
 * The date's calendar memo (one per clinic and date): one line above the timeline (the whole text
 * in its title), opened into an editor to add, edit or delete it.
 */
export function MemoBox(props: { api: CalendarApi; clinicId: string; date: string; memo: CalendarMemo | null; onChanged: () => void }) {
  const t = useT();
  const messages = useMessages();
  const { api, memo } = props;
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState(false);
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const start = () => {
    setContent(memo?.content ?? '');
    setError(false);
    setEditing(true);
  };
  const save = async () => {
    if (!content.trim()) {
      setError(true);
      return;
    }
    setPending(true);
    try {
      if (memo) await api.saveMemo(memo.id, content.trim());
      else await api.createMemo(props.clinicId, props.date, content.trim());
      messages.show({ text: t('calendarPage.memo.saved'), tone: 'success' });
      setEditing(false);
      props.onChanged();
    } catch {
      // shown by the HTTP client
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    if (!memo) return;
    setPending(true);
    try {
      await api.deleteMemo(memo.id);
      messages.show({ text: t('calendarPage.memo.deleted'), tone: 'success' });
      props.onChanged();
    } catch {
      // shown by the HTTP client
    } finally {
      setPending(false);
      setDeleting(false);
    }
  };

  return (
    <S.MemoBox aria-labelledby="calendar-memo-title" data-editing={editing ? '' : undefined}>
      <h2 id="calendar-memo-title">{t('calendarPage.memo.title')}</h2>
      {editing ? (
        <S.MemoEditor>
          <S.FieldLabel>
            {t('calendarPage.memo.field')}
            <S.TextArea
              value={content}
              autoFocus
              aria-invalid={error}
              aria-describedby={error ? 'calendar-memo-error' : undefined}
              onChange={(event) => setContent(event.target.value)}
              maxLength={2000}
            />
          </S.FieldLabel>
          {error && <S.ErrorText id="calendar-memo-error">{t('calendarPage.memo.required')}</S.ErrorText>}
          <S.ButtonGroup>
            <Button size="sm" isPending={pending} onPress={() => void save()}>
              {t('calendarPage.memo.save')}
            </Button>
            <Button size="sm" variant="secondary" onPress={() => setEditing(false)}>
              {t('calendarPage.memo.cancel')}
            </Button>
          </S.ButtonGroup>
        </S.MemoEditor>
      ) : (
        <>
          {/* One line; the whole text is in the title and in the editor. */}
          {memo ? (
            <S.MemoLine title={memo.content} data-testid="calendar-memo-text">
              {memo.content}
            </S.MemoLine>
          ) : (
            <S.MemoLine data-empty="">{t('calendarPage.memo.empty')}</S.MemoLine>
          )}
          <S.ButtonGroup>
            <Button size="sm" variant="secondary" onPress={start}>
              {memo ? t('calendarPage.memo.edit') : t('calendarPage.memo.add')}
            </Button>
            {memo && (
              <Button size="sm" variant="ghost" onPress={() => setDeleting(true)}>
                {t('calendarPage.memo.delete')}
              </Button>
            )}
          </S.ButtonGroup>
        </>
      )}
      <ConfirmDialog
        isOpen={deleting}
        tone="danger"
        message={t('calendarPage.memo.deleteConfirm')}
        isPending={pending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
    </S.MemoBox>
  );
}
