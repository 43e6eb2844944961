import { writeSync } from "node:fs";

/** Left-aligned columns two spaces apart; the first row is the header. No trailing blanks. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Writes a table on stdout (fd 1: a report command's output) or stderr (fd 2: install's human report). */
export const printTable = (rows: readonly (readonly string[])[], fd: 1 | 2): void => void writeSync(fd, `${formatTable(rows)}\n`);

/** A list cell: names joined, or a dash for none. */
export const listCell = (items: readonly string[]): string => (items.length ? items.join(", ") : "-");
