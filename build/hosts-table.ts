/**
 * `bun build/hosts-table.ts [--check] [--root <dir>]`: the tables that list hosts, made from the
 * adapters, each between its markers `<!-- <name>:begin … -->` and `<!-- <name>:end -->`:
 * - docs/hosts/README.md, `hosts`: id, name, paradigm, what each was checked against (`verified`);
 * - docs/hosts.md, `files`: the files install writes for hooks and MCP servers at each scope, and
 *   the variables that move them (found by watching which ones the adapter reads);
 * - docs/connector.md, `fail-closed`: what `onFailure: "deny"` can and cannot hold on each host with
 *   hooks (src/install/fail-closed-report.ts, as `explain --json` says it, from `hostFailClosed`);
 * - docs/hosts.md, `managed`: each host's machine-wide hook file per OS (install --scope managed),
 *   how the host combines it with the other layers, and its managed-hooks-only switch (--lock);
 * - docs/connector.md, `responses`: which of halt, systemMessage, suppressOutput each host with hooks
 *   honours, on which events, and what each becomes elsewhere (the dialect's `extras`, src/dialects/extras.ts);
 * - docs/connector.md, `matchers`: per event, what a matcher matches and the hosts that apply it
 *   themselves (install writes it in their config); everywhere else it runs in our hook.
 * - docs/connector.md, `newer-events`: the newer events, their analogs per host and whether each
 *   is normalized (build/events-table.ts, from adapters/event-candidates.ts).
 * - docs/connector.md, `events` and `fields`: each event's fields, matcher and hosts, and each
 *   field's hosts, from their payload maps (build/fields-table.ts).
 * `--check` writes nothing and exits 1 when a table is not what the adapters say (test/static/docs-tables.test.ts).
 * Paths are Linux's (an adapter may pick other folders on macOS or Windows).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Adapter, PathContext, Scope, VerifiedAgainst } from "../src/adapter.ts";

// The tables show one OS's paths, whatever machine makes them (set before any adapter is read).
// Writable: the managed table reads each OS's paths in turn.
Object.defineProperty(process, "platform", { value: "linux", writable: true });
const { ADAPTERS } = await import("../adapters/index.ts");
const { deliveredFile } = await import("../src/install/deliveries.ts");
const { mcpFile } = await import("../src/install/mcp/plan.ts");
const { failClosedOn } = await import("../src/install/fail-closed-report.ts");
const { lockSetting, lockSwitches } = await import("../src/install/managed/locks.ts");
const { EXTRAS } = await import("../src/dialects/extras.ts");
const { EVENT_NAMES, MATCHER_TARGET } = await import("../src/events.ts");
const { appliesMatcher } = await import("../src/install/plan.ts");
const { newerEventsTable } = await import("./events-table.ts");
const { eventsTable, fieldsTable } = await import("./fields-table.ts");

const DELIVERY: Record<string, string> = { "hooks-folder": " (hooks folder)", none: "", unavailable: ", not supported (install writes nothing and says why)" };

const check = (v: VerifiedAgainst): string => `${v.by}${v.version ? ` ${v.version}` : ""} (${v.on}${v.note ? `; ${v.note}` : ""})`;

function hostsTable(): string[] {
  const row = (a: Adapter): string =>
    `| [${a.id}](${a.id}.md) | ${a.name} | ${a.paradigm}${DELIVERY[a.hooks.kind] ?? ""} | ${a.verified.map(check).join("; ")} |`;
  return ["| id | name | paradigm | checked against |", "|---|---|---|---|", ...ADAPTERS.map(row)];
}

/** A path context whose environment is empty, and which notes every variable the adapter reads. */
function watchedPaths(): { paths: PathContext; read: Set<string> } {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => void (typeof key === "string" && read.add(key)),
  });
  return { paths: { home: "~", env, projectDir: "<project>", agent: "<agent>" }, read };
}

const code = (path: string | undefined): string => (path ? `\`${path}\`` : "-");

function filesTable(): string[] {
  const row = (a: Adapter): string => {
    const { paths, read } = watchedPaths();
    const hooks = (scope: Scope) => {
      const file = deliveredFile(a, scope, paths, "<id>");
      if (!file) return "-";
      return a.hooks.kind === "hooks-folder" ? `launchers in ${code(`${file}/`)}` : code(file);
    };
    const cells = [hooks("user"), hooks("project"), code(mcpFile(a, "user", paths)), code(mcpFile(a, "project", paths))];
    const moved =
      [...read]
        .sort()
        .map((name) => `\`$${name}\``)
        .join(", ") || "-";
    return `| [${a.name}](hosts/${a.id}.md) | \`${a.id}\` | ${a.paradigm} | ${Object.keys(a.events).length} | ${cells.join(" | ")} | ${moved} |`;
  };
  return [
    "| host | id | paradigm | events | hooks: user | hooks: project | MCP servers: user | MCP servers: project | moved by |",
    "|---|---|---|---|---|---|---|---|---|",
    ...ADAPTERS.map(row),
  ];
}

const withHooks = (): Adapter[] => ADAPTERS.filter((a) => a.hooks.kind !== "none" && a.hooks.kind !== "unavailable");

/** A connector that fails closed on one event: what failClosedOn says of it is what it says of any. */
const FAILS_CLOSED = { id: "guard", onFailure: "deny", hooks: { PreToolUse: { handler: () => undefined } } } as const;

function failClosedTable(): string[] {
  const row = (a: Adapter): string => {
    const on = failClosedOn(a, FAILS_CLOSED as unknown as Parameters<typeof failClosedOn>[1], [{ event: "PreToolUse" }])!;
    const only = a.hostFailClosed?.events ? ` (on ${a.hostFailClosed.events.join(", ")})` : "";
    const entry = on.entry ? `${code(JSON.stringify(on.entry))}${only}` : "-";
    return `| [${a.name}](hosts/${a.id}.md) | ${on.host ?? "runs the tool"} | ${entry} | ${on.cannot ?? "-"} |`;
  };
  return ["| host | when our process cannot answer at all | install also writes | not covered |", "|---|---|---|---|", ...withHooks().map(row)];
}

/** The host's managed hook file on one OS (the adapters pick it by process.platform). */
function managedFileOn(a: Adapter, platform: string): string | undefined {
  (process as { platform: string }).platform = platform;
  try {
    return deliveredFile(a, "managed", watchedPaths().paths, "<id>");
  } finally {
    (process as { platform: string }).platform = "linux";
  }
}

function managedTable(): string[] {
  const row = (a: Adapter): string => {
    const files = ["linux", "darwin", "win32"].map((os) => managedFileOn(a, os));
    if (!files[0])
      return `| [${a.name}](hosts/${a.id}.md) | \`${a.id}\` | none | none | none | no machine-wide hook file: install at user scope as each user, or leave it out | - |`;
    const locks = lockSwitches(a).map((s) => `${code(lockSetting(s.format, s.key, s.value))} in ${code(s.file(watchedPaths().paths))}`);
    const merge = a.managedLayer ? `${a.managedLayer.merge} ([source](${a.managedLayer.source}))` : "-";
    return `| [${a.name}](hosts/${a.id}.md) | \`${a.id}\` | ${files.map(code).join(" | ")} | ${merge} | ${locks.join("; ") || "none: users' and projects' hooks keep running beside"} |`;
  };
  return [
    "| host | id | Linux | macOS | Windows | with the other layers | managed hooks only (`--lock`) |",
    "|---|---|---|---|---|---|---|",
    ...ADAPTERS.map(row),
  ];
}

function responsesTable(): string[] {
  const cell = (a: Adapter, extra: (typeof EXTRAS)[number]): string => {
    const on = a.dialect.extras?.[extra];
    const events = Object.keys(a.events);
    if (on === "all" || (on && events.every((e) => on.includes(e as never)))) return "every event";
    const here = on ? events.filter((e) => on.includes(e as never)) : [];
    return here.join(", ") || "no";
  };
  return [
    "| host | `halt` | `systemMessage` | `suppressOutput` |",
    "|---|---|---|---|",
    ...withHooks().map((a) => `| [${a.name}](hosts/${a.id}.md) | ${EXTRAS.map((extra) => cell(a, extra)).join(" | ")} |`),
  ];
}

const MATCHES: Record<string, string> = { toolName: "the tool's name (or `@kind`)", agentType: "`agentType`" };

function matchersTable(): string[] {
  const row = (event: (typeof EVENT_NAMES)[number]): string => {
    const target = MATCHER_TARGET[event];
    if (!target) return `| ${event} | nothing: a matcher is a config error | - | - |`;
    const having = withHooks().filter((a) => a.events[event]);
    const native = having.filter((a) => appliesMatcher(a, event)).map((a) => a.name);
    const ours = having.filter((a) => !appliesMatcher(a, event)).map((a) => a.name);
    return `| ${event} | ${MATCHES[target] ?? `\`${target}\``} | ${native.join(", ") || "-"} | ${ours.join(", ") || "-"} |`;
  };
  return ["| event | a matcher matches | the host applies it (native) | our hook applies it |", "|---|---|---|---|", ...EVENT_NAMES.map(row)];
}

const TABLES = [
  { file: ["docs", "hosts", "README.md"], name: "hosts", make: hostsTable },
  { file: ["docs", "hosts.md"], name: "files", make: filesTable },
  { file: ["docs", "connector.md"], name: "fail-closed", make: failClosedTable },
  { file: ["docs", "hosts.md"], name: "managed", make: managedTable },
  { file: ["docs", "connector.md"], name: "responses", make: responsesTable },
  { file: ["docs", "connector.md"], name: "matchers", make: matchersTable },
  { file: ["docs", "connector.md"], name: "newer-events", make: () => newerEventsTable(ADAPTERS) },
  { file: ["docs", "connector.md"], name: "events", make: () => eventsTable(withHooks()) },
  { file: ["docs", "connector.md"], name: "fields", make: () => fieldsTable(withHooks()) },
];

/** The text with the named table made anew; throws when its markers are missing. */
export function withTable(text: string, name: string, rows: string[]): string {
  const begin = `<!-- ${name}:begin`;
  const end = `<!-- ${name}:end -->`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`no "${begin}" … "${end}" markers`);
  const made = [`${begin} (made by build/hosts-table.ts from adapters/: edit those, then run it) -->`, ...rows, end].join("\n");
  return `${text.slice(0, start)}${made}${text.slice(stop + end.length)}`;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf("--root");
  const root = rootAt >= 0 ? args[rootAt + 1]! : join(import.meta.dir, "..");
  let stale = 0;
  for (const table of TABLES) {
    const file = join(root, ...table.file);
    const text = readFileSync(file, "utf8");
    const made = withTable(text, table.name, table.make());
    if (made === text) continue;
    if (args.includes("--check")) {
      console.error(`${file}: its table of hosts (${table.name}) is not what adapters/ say; run: bun build/hosts-table.ts`);
      stale++;
    } else {
      writeFileSync(file, made);
      console.log(`wrote the table of hosts (${table.name}) in ${file}`);
    }
  }
  if (stale) process.exit(1);
}
