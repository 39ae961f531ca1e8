import { Button } from '@clinic/ui-kit';
import { Button as AriaButton, DropIndicator, GridList, GridListItem, useDragAndDrop, type Key, type Selection } from 'react-aria-components';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { reorderedIndex } from './reorder';
import type { Staff } from './staffs.api';

/**
 * The clinic's staff in priority order: a react-aria GridList with drag and drop (mouse, touch
 * and keyboard through the ⠿ handle) plus up/down buttons. A generic "reorderable list" is not in
 * the ui-kit yet; this one lives here until it is.
 */
const List = styled(GridList)`
  display: grid;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  outline: none;

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
    border-radius: var(--radius-md);
  }
` as typeof GridList;

const Item = styled(GridListItem)`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-2) var(--space-3);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    background: var(--color-surface-alt);
  }
  &[data-selected] {
    border-color: var(--color-primary);
    background: var(--color-primary-soft);
    box-shadow: inset 4px 0 0 var(--color-primary);
  }
  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }
  &[data-dragging] {
    opacity: 0.5;
  }
` as typeof GridListItem;

const Handle = styled(AriaButton)`
  display: grid;
  place-items: center;
  width: 32px;
  height: 40px;
  border: 0;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-muted);
  font-size: var(--font-size-lg);
  cursor: grab;

  &[data-focus-visible] {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

const Text = styled.span`
  display: grid;
  min-width: 0;

  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: var(--color-muted);
    font-size: var(--font-size-xs);
  }
`;

const Moves = styled.span`
  display: flex;
  gap: var(--space-1);

  button {
    min-width: 36px;
    padding-inline: var(--space-2);
  }
`;

const Indicator = styled(DropIndicator)`
  &[data-drop-target] {
    outline: 2px solid var(--color-primary);
    outline-offset: -1px;
    height: 0;
  }
`;

interface StaffListProps {
  staffs: readonly Staff[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onMove: (id: string, index: number) => void;
  isDisabled?: boolean;
}

export function StaffList({ staffs, selectedId, onSelect, onMove, isDisabled }: StaffListProps) {
  const t = useT();
  const ids = staffs.map((s) => s.id);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    renderDropIndicator: (target) => <Indicator target={target} />,
    onReorder(event) {
      if (isDisabled) return;
      const moved = [...event.keys][0];
      if (moved === undefined || event.target.type !== 'item') return;
      const index = reorderedIndex(ids, String(moved), String(event.target.key), event.target.dropPosition);
      if (index !== null) onMove(String(moved), index);
    },
  });

  return (
    <List
      aria-label={t('staffsPage.list.label')}
      items={staffs}
      selectionMode="single"
      selectionBehavior="replace"
      disallowEmptySelection
      selectedKeys={selectedId ? [selectedId] : []}
      onSelectionChange={(keys: Selection) => {
        if (keys === 'all') return;
        const first = [...keys][0] as Key | undefined;
        if (first !== undefined) onSelect(String(first));
      }}
      dragAndDropHooks={dragAndDropHooks}
    >
      {(staff) => {
        const index = ids.indexOf(staff.id);
        return (
          <Item id={staff.id} textValue={staff.name}>
            <Handle slot="drag" aria-label={t('staffsPage.list.dragHandle', { name: staff.name })}>
              ⠿
            </Handle>
            <Text>
              <strong>{staff.name}</strong>
              <small>
                {t('staffsPage.list.meta', { rank: index + 1, role: t(`staffsPage.roles.${staff.role}`) })}
                {!staff.hasPassword && t('staffsPage.list.noPassword')}
              </small>
            </Text>
            <Moves>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('staffsPage.list.moveUp', { name: staff.name })}
                isDisabled={isDisabled || index === 0}
                onPress={() => onMove(staff.id, index - 1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('staffsPage.list.moveDown', { name: staff.name })}
                isDisabled={isDisabled || index === staffs.length - 1}
                onPress={() => onMove(staff.id, index + 1)}
              >
                ↓
              </Button>
            </Moves>
          </Item>
        );
      }}
    </List>
  );
}
