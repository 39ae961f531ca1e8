import type { ReactNode } from 'react';
import { TableBody, TableHeader } from 'react-aria-components';
import { BodyCell, BodyRow, Empty, HeaderColumn, Scroller, StyledTable } from './Table.styles';

export interface TableColumn<K extends string = string> {
  key: K;
  label: string;
  align?: 'start' | 'center' | 'end';
}

export interface TableProps<Row, K extends string = string> {
  'aria-label': string;
  columns: readonly TableColumn<K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Renders one cell; by default `String(row[key])`. */
  renderCell?: (row: Row, key: K) => ReactNode;
  emptyText?: string;
  /** Every cell on one line (long names too): a wide table scrolls sideways in its own box. */
  noWrap?: boolean;
  className?: string;
}

function defaultCell<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

/** Read-only data table (react-aria Table, keyboard navigable); the first column is the row header. */
export function Table<Row, K extends string = string>({
  'aria-label': ariaLabel,
  columns,
  rows,
  rowKey,
  renderCell,
  emptyText = 'データがありません',
  noWrap = false,
  className,
}: TableProps<Row, K>) {
  return (
    <Scroller className={className} data-nowrap={noWrap || undefined}>
      <StyledTable aria-label={ariaLabel}>
        <TableHeader>
          {columns.map((c, i) => (
            <HeaderColumn key={c.key} id={c.key} isRowHeader={i === 0} data-align={c.align ?? 'start'}>
              {c.label}
            </HeaderColumn>
          ))}
        </TableHeader>
        <TableBody renderEmptyState={() => <Empty>{emptyText}</Empty>}>
          {rows.map((row) => {
            const id = rowKey(row);
            return (
              <BodyRow key={id} id={id}>
                {columns.map((c) => (
                  <BodyCell key={c.key} data-align={c.align ?? 'start'}>
                    {renderCell ? renderCell(row, c.key) : defaultCell(row, c.key)}
                  </BodyCell>
                ))}
              </BodyRow>
            );
          })}
        </TableBody>
      </StyledTable>
    </Scroller>
  );
}
