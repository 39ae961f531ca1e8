import styled from 'styled-components';
import { Cell, Column, Row, Table as RACTable } from 'react-aria-components';

export const Scroller = styled.div`
  width: 100%;
  overflow-x: auto;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);

  &[data-nowrap] th,
  &[data-nowrap] td {
    white-space: nowrap;
  }
`;

export const StyledTable = styled(RACTable)`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--font-size-sm);
  outline: none;

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }
`;

export const HeaderColumn = styled(Column)`
  padding: var(--space-2) var(--space-3);
  text-align: left;
  font-weight: 600;
  color: var(--color-muted);
  background: var(--color-surface-alt);
  border-bottom: 1px solid var(--color-border);
  white-space: nowrap;
  outline: none;

  &[data-align='end'] {
    text-align: right;
  }

  &[data-align='center'] {
    text-align: center;
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }
`;

export const BodyRow = styled(Row)`
  outline: none;

  &:not(:last-child) {
    border-bottom: 1px solid var(--color-border);
  }

  &[data-hovered] {
    background: var(--color-primary-soft);
  }

  &[data-selected] {
    background: var(--color-primary-soft);
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }
`;

export const BodyCell = styled(Cell)`
  padding: var(--space-3);
  vertical-align: top;
  outline: none;

  &[data-align='end'] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }

  &[data-align='center'] {
    text-align: center;
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }
`;

export const Empty = styled.div`
  padding: var(--space-6) var(--space-3);
  text-align: center;
  color: var(--color-muted);
`;
