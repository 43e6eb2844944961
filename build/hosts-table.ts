/**
 * `bun build/hosts-table.ts [--check] [file]`: the table of hosts in docs/hosts/README.md, made from
 * the adapters (id, name, paradigm, what each was checked against: `verified`), between the
 * markers `<!-- hosts:begin -->` and `<!-- hosts:end -->`. `--check` writes nothing and exits 1
 * when the file's table is not what the adapters say (test/docs-tables.test.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import type { Adapter, VerifiedAgainst } from "../src/adapter.ts";

const BEGIN = "<!-- hosts:begin (made by build/hosts-table.ts from adapters/: edit those, then run it) -->";
const END = "<!-- hosts:end -->";

const DELIVERY: Record<string, string> = { "hooks-folder": " (hooks folder)", none: "", unavailable: ", not supported (install writes nothing and says why)" };

const check = (v: VerifiedAgainst): string => `${v.by}${v.version ? ` ${v.version}` : ""} (${v.on}${v.note ? `; ${v.note}` : ""})`;

const row = (a: Adapter): string => `| [${a.id}](${a.id}.md) | ${a.name} | ${a.paradigm}${DELIVERY[a.hooks.kind] ?? ""} | ${a.verified.map(check).join("; ")} |`;

export function hostsTable(): string {
  return [BEGIN, "| id | name | paradigm | checked against |", "|---|---|---|---|", ...ADAPTERS.map(row), END].join("\n");
}

/** The file with its table made anew; throws when the markers are missing. */
export function withTable(text: string): string {
  const start = text.indexOf("<!-- hosts:begin");
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`no "<!-- hosts:begin" … "${END}" markers`);
  return `${text.slice(0, start)}${hostsTable()}${text.slice(end + END.length)}`;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--")) ?? join(import.meta.dir, "..", "docs", "hosts", "README.md");
  const text = readFileSync(file, "utf8");
  const made = withTable(text);
  if (args.includes("--check")) {
    if (made !== text) {
      console.error(`${file}: its table of hosts is not what adapters/ say; run: bun build/hosts-table.ts`);
      process.exit(1);
    }
  } else if (made !== text) {
    writeFileSync(file, made);
    console.log(`wrote the table of hosts in ${file}`);
  }
}
