import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { REPORT_TABLE_LABELS, type ReportTable as TableName } from '../../../../shared/reports-contract';
import { salesCsvUrl } from '../api/sales-report';
import type { Period } from './period';
import classes from './reports.module.css';

export interface Column<T> {
  label: string;
  /** numbers align right */
  isNumber?: boolean;
  /** long text (reasons) may wrap */
  wraps?: boolean;
  cell(row: T): ReactNode;
}

/** "CSV indir": a link the browser saves (the server names the file and sends it as an attachment). */
export function CsvLink({ period, table }: { period: Period; table: TableName }) {
  return (
    <Button component="a" href={salesCsvUrl(period, table)} download size="md" variant="light" aria-label={`${REPORT_TABLE_LABELS[table]}: CSV indir`}>
      CSV indir
    </Button>
  );
}

/**
 * A titled table that scrolls sideways inside its own box on a phone (focusable, so a keyboard can
 * scroll it too), with its "CSV indir" link; `footer` is a totals row.
 */
export function ReportTable<T>({
  title,
  rows,
  columns,
  rowKey,
  period,
  csv,
  footer,
  empty = 'Bu dönemde kayıt yok',
  rowProps,
  headingLevel = 3,
}: {
  title: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey(row: T, index: number): string;
  period?: Period;
  csv?: TableName;
  footer?: ReactNode[];
  empty?: string;
  rowProps?(row: T): Record<string, string | undefined>;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className={classes.section} aria-label={title}>
      <div className={classes.sectionHead}>
        <Heading>{title}</Heading>
        {csv && period && <CsvLink period={period} table={csv} />}
      </div>
      {rows.length === 0 ? (
        <p className={classes.legend}>{empty}</p>
      ) : (
        <div className={classes.scroll} tabIndex={0} role="region" aria-label={`${title} tablosu`}>
          <table className={classes.table} data-testid={csv ? `table-${csv}` : undefined}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" data-num={c.isNumber || undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={rowKey(row, i)} {...rowProps?.(row)}>
                  {columns.map((c) => (
                    <td key={c.label} data-num={c.isNumber || undefined} data-wrap={c.wraps || undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {footer && (
              <tfoot>
                <tr>
                  {footer.map((cell, i) => (
                    <td key={i} data-num={(i > 0 && columns[i]?.isNumber) || undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
