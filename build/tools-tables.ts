/**
 * `bun build/tools-tables.ts [--check]`: the table under `## Tools` of each host's
 * page (docs/hosts/<id>.md), made from its adapter's tool vocabulary (`tools`, and `mcp.toolName`),
 * between `<!-- tools:begin … -->` and `<!-- tools:end -->`: one row per tool, its kind, and where each
 * field of the portable `event.tool` view sits in its input. What the table cannot say (a tool's
 * platform, the releases that named it otherwise) is prose below it.
 * `--check` writes nothing and exits 1 when a table is not what the adapter says
 * (test/static/host-parts.test.ts checks the same per host).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import type { Adapter } from "../src/adapter.ts";
import { mcpNameOf } from "../src/tools/view.ts";
import { isUnknown, NAMED_KINDS, TOOL_FIELDS, WHOLE_INPUT, type FieldRef, type ToolFields } from "../src/tools/vocabulary.ts";

const BEGIN = "<!-- tools:begin (made by build/tools-tables.ts from the adapter: edit it, then run that) -->";
const END = "<!-- tools:end -->";

const code = (path: string): string => (path === WHOLE_INPUT ? "the input itself" : `\`${path}\``);

/** Where one field sits: the first of several paths present wins. */
function where(ref: FieldRef): string {
  if (typeof ref === "string") return code(ref);
  if (Array.isArray(ref)) return ref.map(code).join(" \\| ");
  const { paths, list, argv, patch } = ref as Exclude<FieldRef, string | readonly string[]>;
  const at = paths.map(code).join(" \\| ");
  if (patch) return `the files the patch in ${at} names`;
  return `${at}${list ? " (a list)" : ""}${argv ? " (an argv)" : ""}`;
}

function fieldsCell(fields: ToolFields): string {
  const placed = TOOL_FIELDS.flatMap((field) => (fields[field] === undefined ? [] : [`${field} ← ${where(fields[field]!)}`]));
  if (fields.pathless) placed.push(`names no file: ${fields.pathless}`);
  return placed.join(", ") || "-";
}

/** The lines between the markers for one host. */
export function toolsTable(adapter: Adapter): string[] {
  const tools = adapter.tools;
  if (!tools) return ["None declared in the adapter."];
  if (isUnknown(tools)) return [`Not known: ${tools.unknown.replace(/\.$/, "")}.`];
  const rows = NAMED_KINDS.flatMap((kind) => Object.entries(tools[kind] ?? {}).map(([name, fields]) => `| ${kind} | \`${name}\` | ${fieldsCell(fields)} |`));
  const other = Object.keys(tools.other ?? {});
  if (other.length) rows.push(`| other | ${other.map((name) => `\`${name}\``).join(", ")} | - |`);
  const mcp = mcpNameOf({ tools, mcpName: adapter.mcp?.toolName });
  if (mcp) rows.push(`| mcp | \`${mcp}\` | - |`);
  return ["| kind | tool | fields |", "|---|---|---|", ...rows];
}

/** The page with its Tools table made anew; undefined when the page has no markers. */
export function withToolsTable(page: string, adapter: Adapter): string | undefined {
  const start = page.indexOf("<!-- tools:begin");
  const stop = page.indexOf(END);
  if (start < 0 || stop < start) return undefined;
  return [page.slice(0, start), [BEGIN, ...toolsTable(adapter), END].join("\n"), page.slice(stop + END.length)].join("");
}

/** The hosts whose page lists its tools: every host with hooks (test/static/host-parts.test.ts asks for the section). */
export const TOOLS_PAGES = ADAPTERS.filter((adapter) => adapter.hooks.kind !== "none");

if (import.meta.main) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const adapter of TOOLS_PAGES) {
    const file = join(import.meta.dir, "..", "docs", "hosts", `${adapter.id}.md`);
    const text = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    const made = text === undefined ? text : withToolsTable(text, adapter);
    if (made === text) continue;
    if (made === undefined || check) {
      const why = made === undefined ? `no "<!-- tools:begin -->" / "${END}" markers under ## Tools` : "its Tools table is not what its adapter says";
      console.error(`${file}: ${why}; run: bun build/tools-tables.ts`);
      stale++;
    } else {
      writeFileSync(file, made);
      console.log(`wrote the Tools table of ${file}`);
    }
  }
  if (stale) process.exit(1);
}
