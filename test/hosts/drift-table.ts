// The drift report of `HOSTS_LATEST=1`: one row per host with its pinned version, the newest one
// npm serves (and whether it installed), and each case's result on it. A maintainer reads it
// before bumping the pins in hosts.ts.

export type Status = "ok" | "FAIL" | "skip" | "degraded";

export interface DriftRow {
  host: string;
  pinned: string;
  /** the version `<pkg>@latest` resolved to, or what npm says is latest when it did not install */
  newest: string;
  /** why the newest version did not install, if it did not */
  notInstalled?: string;
  /** case name -> result on the newest version */
  results: Map<string, Status>;
}

/** How a result reads in a cell: a skip or a declared degradation is not a pass. */
const CELL: Record<Status, string> = { ok: "ok", FAIL: "FAIL", skip: "skip", degraded: "degr" };

/** The table as `# `-prefixed lines (the runner's comment lines), columns padded to their widest cell. */
export function driftTable(rows: DriftRow[], cases: string[]): string[] {
  const header = ["host", "pinned", "newest", ...cases];
  const body = rows.map((r) => [
    r.host,
    r.pinned,
    r.notInstalled ? `${r.newest} (not installed)` : r.newest === r.pinned ? `${r.newest} (=)` : r.newest,
    ...cases.map((c) => (r.notInstalled ? "-" : CELL[r.results.get(c) ?? "skip"])),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `# | ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  const rule = `# |${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  const notes = rows.filter((r) => r.notInstalled).map((r) => `# ${r.host} ${r.newest} does not install: ${r.notInstalled}`);
  return ["# drift report: the newest version of each host (HOSTS_LATEST=1)", line(header), rule, ...body.map(line), ...notes];
}
