import type { ReactNode, TdHTMLAttributes } from "react";

/**
 * A column's heading: its words (for screen readers only when `hidden`), and its cell's padding and
 * alignment where they differ from the default. On a phone each row is a card of its cells, each
 * under its heading, two to a line; the `lead` cell (the row's name) and `wide` ones take a whole
 * line, without a heading for the lead and for hidden ones (the row's actions).
 */
export type DataColumn = { label: string; hidden?: boolean; lead?: boolean; wide?: boolean; className?: string };

const HEADING_CELL = "px-5 py-2";

// A phone's row: a grid of its cells, which drop their desktop padding, width bounds and alignment.
const PHONE_ROWS =
  "max-sm:block max-sm:[&>tr]:grid max-sm:[&>tr]:grid-cols-2 max-sm:[&>tr]:gap-x-4 max-sm:[&>tr]:gap-y-2.5 max-sm:[&>tr]:px-5 max-sm:[&>tr]:py-3";
const PHONE_CELL = "max-sm:block max-sm:min-w-0 max-sm:max-w-none max-sm:p-0! max-sm:text-left";
const PHONE_HEADING = "max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:text-muted max-sm:before:content-[attr(data-label)]";

type DataTableProps = {
  columns: readonly DataColumn[];
  /** The rows: `tr`s of DataCells. */
  children: ReactNode;
  /** The table's name, when the card around it does not give one. */
  label?: string;
  /** Rows after the body, such as a total: `tr`s of DataCells. */
  footer?: ReactNode;
  /** A table that may be wider than the screen is a focusable region of this name, so a keyboard can scroll it. */
  regionLabel?: string;
  frameClassName?: string;
  bodyClassName?: string;
  testId?: string;
};

/**
 * The studio's list tables (people, tokens, share links, teams, audit entries, usage): one frame that
 * scrolls sideways when the table is wider than the screen, one heading row, rows divided alike; on
 * a phone, a card per row. The frame is positioned so that screen-reader-only text in a cell stays
 * inside it instead of widening the page.
 */
export function DataTable({ columns, children, label, footer, regionLabel, frameClassName = "", bodyClassName = "", testId }: DataTableProps) {
  const region = regionLabel ? ({ tabIndex: 0, role: "region", "aria-label": regionLabel } as const) : {};
  return (
    <div className={`relative overflow-x-auto ${regionLabel ? "focus-visible:outline-2 focus-visible:outline-accent-500" : ""} ${frameClassName}`} {...region}>
      <table className="w-full text-left text-sm max-sm:block" aria-label={label} data-testid={testId}>
        <thead className="text-xs tracking-wide text-muted uppercase max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`${column.className ?? HEADING_CELL} font-medium`}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-zinc-100 dark:divide-zinc-800 ${PHONE_ROWS} ${bodyClassName}`}>{children}</tbody>
        {footer ? <tfoot className={`border-t border-zinc-200 font-semibold dark:border-zinc-800 ${PHONE_ROWS}`}>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** One cell of `column`: as written on a wide screen; on a phone, under the column's heading unless it leads the row or is hidden. */
export function DataCell({ column, className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement> & { column: DataColumn }) {
  const headed = !column.hidden && !column.lead;
  const wholeLine = column.hidden || column.lead || column.wide;
  return (
    <td
      data-label={headed ? column.label : undefined}
      className={`${className} ${PHONE_CELL} ${headed ? PHONE_HEADING : ""} ${wholeLine ? "max-sm:col-span-2" : ""}`}
      {...props}
    />
  );
}
