import type { ReactNode } from "react";

/** A column's heading: its words (for screen readers only when `hidden`), and its cell's padding and alignment where they differ from the default. */
export type DataColumn = { label: string; hidden?: boolean; className?: string };

const HEADING_CELL = "px-5 py-2";

type DataTableProps = {
  columns: readonly DataColumn[];
  /** The rows. */
  children: ReactNode;
  /** The table's name, when the card around it does not give one. */
  label?: string;
  /** Rows after the body, such as a total. */
  footer?: ReactNode;
  /** A table that may be wider than the screen is a focusable region of this name, so a keyboard can scroll it. */
  regionLabel?: string;
  frameClassName?: string;
  bodyClassName?: string;
  testId?: string;
};

/**
 * The studio's list tables (people, tokens, share links, teams, audit entries, usage): one frame that
 * scrolls sideways on a narrow screen, one heading row, rows divided alike.
 */
export function DataTable({ columns, children, label, footer, regionLabel, frameClassName = "", bodyClassName = "", testId }: DataTableProps) {
  const region = regionLabel ? ({ tabIndex: 0, role: "region", "aria-label": regionLabel } as const) : {};
  return (
    <div className={`relative overflow-x-auto ${regionLabel ? "focus-visible:outline-2 focus-visible:outline-accent-500" : ""} ${frameClassName}`} {...region}>
      <table className="w-full text-left text-sm" aria-label={label} data-testid={testId}>
        <thead className="text-xs tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`${column.className ?? HEADING_CELL} font-medium`}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-zinc-100 dark:divide-zinc-800 ${bodyClassName}`}>{children}</tbody>
        {footer}
      </table>
    </div>
  );
}
