import { statSync } from "node:fs";
import { hookLogPath } from "../home.ts";
import { oneLine } from "../one-line.ts";
import { auditDir, ledgerFile } from "../audit/settings.ts";
import { ledgerLines, readFrom, readLedger, type LedgerLine } from "../audit/ledger-read.ts";
import { decisionOf, type AuditRecord } from "../audit/record.ts";
import { verifyChain } from "../audit/verify.ts";
import { connectorArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { printJson, printStdout } from "./_output.ts";
import { formatTable } from "./_table.ts";
import { formatLogEntry, parseLogLine, type LogEntry } from "./_hook-log.ts";

/**
 * `logs`: the decision ledger (src/audit/, docs/audit.md), filtered, followed, counted or verified;
 * `--hook-log`: hook.log's failures and notes. Every text shown is one line (src/one-line.ts).
 */

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since 1h` (s, m, h, d) or a date: the earliest time shown, as an ISO string. */
function sinceTime(text: string, now = Date.now()): string {
  const m = /^(\d+)([smhd])$/.exec(text);
  const time = m ? now - Number(m[1]) * UNITS[m[2]!]! : Date.parse(text);
  if (!Number.isFinite(time)) throw new UsageError(`--since takes a duration (30s, 15m, 1h, 2d) or a date (2026-01-31T12:00Z), not "${text}"`);
  return new Date(time).toISOString();
}

interface Filters {
  decision?: string;
  host?: string;
  connector?: string;
  event?: string;
  since?: string;
}

const matches = (r: Partial<AuditRecord>, f: Filters): boolean =>
  (!f.decision || r.answer === f.decision || decisionOf(r as AuditRecord) === f.decision) &&
  (!f.host || r.host === f.host) &&
  (!f.connector || r.connector === f.connector) &&
  (!f.event || r.event === f.event) &&
  (!f.since || (r.time ?? "") >= f.since);

function toolText(tool: AuditRecord["tool"]): string | undefined {
  if (!tool) return undefined;
  const what = tool.command ?? tool.url ?? tool.paths?.join(", ");
  return what ? `${tool.name ?? tool.kind}: ${what}` : (tool.name ?? tool.kind);
}

function formatRecord(r: AuditRecord): string {
  const time = String(r.time)
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");
  const outcome = String(r.outcome ?? ""); // a line edited by hand may lack it
  const failed = outcome.startsWith("fail-") ? ` (${outcome.slice(outcome.indexOf(":") + 1).trim()})` : "";
  const host = r.effect && r.effect !== "as answered" ? `${r.host}: ${r.effect}` : `${r.host}: ${r.enforced}`;
  const cells = [time, r.host, r.event, r.connector ?? "-", `${decisionOf(r)}${failed}`, `${r.latencyMs} ms`, toolText(r.tool), host, r.reason];
  return cells.flatMap((cell) => (cell === undefined || cell === "" ? [] : [oneLine(String(cell))])).join("  ");
}

/** A ledger line shown: its record, or what it holds when it is none (`logs --verify` says more). */
const formatLine = (l: LedgerLine): string =>
  l.record ? formatRecord(l.record) : `${l.file}:${l.line}: not a ledger record (see agent-connector logs --verify): ${oneLine(l.text.slice(0, 200))}`;

/** The nearest-rank percentile of sorted numbers. */
const percentile = (sorted: number[], p: number): number => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;

function stats(records: AuditRecord[]): { host: string; decision: string; calls: number; p50Ms: number; p95Ms: number }[] {
  const groups = new Map<string, number[]>();
  for (const r of records) {
    const key = `${r.host}\n${decisionOf(r)}`;
    groups.set(key, [...(groups.get(key) ?? []), Number(r.latencyMs) || 0]);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, latencies]) => {
      const [host, decision] = key.split("\n") as [string, string];
      const sorted = latencies.sort((a, b) => a - b);
      return { host, decision, calls: sorted.length, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
    });
}

/** hook.log and hook.log.1 (the older), as before the ledger: failures, notes, traces. */
async function showHookLog(args: { lines: number; follow?: boolean; connector?: string }, json: boolean): Promise<void> {
  const path = hookLogPath();
  const wanted = (entry: LogEntry | undefined): entry is LogEntry => Boolean(entry) && (!args.connector || entry!.connector === args.connector);
  const entriesOf = (text: string) => text.split("\n").filter(Boolean).map(parseLogLine).filter(wanted);
  const show = (entries: LogEntry[]) => {
    if (!entries.length) return;
    if (json && args.follow) printStdout(entries.map((e) => JSON.stringify(e)).join("\n"));
    else if (!json) printStdout(entries.map(formatLogEntry).join("\n"));
  };
  const entries = entriesOf(`${readFrom(`${path}.1`)}${readFrom(path)}`).slice(-args.lines || undefined);
  if (json && !args.follow) return printJson({ log: path, entries: args.lines ? entries : [] });
  if (entries.length) show(entries);
  else if (!args.follow) printStdout(`No hook log entries in ${path}. Hooks log failures and notes there.`);
  if (args.follow) await follow(path, (text) => show(entriesOf(text)));
}

/**
 * Polls a file's size and hands on each whole line added. A smaller file means it rotated: the rest
 * of the rotated one (`rotated`) is read first, then the new one from its start.
 */
async function follow(path: string, show: (text: string, from: string) => void, rotated = `${path}.1`): Promise<never> {
  let offset = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  let partial = "";
  for (;;) {
    await Bun.sleep(200);
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size < offset) {
      const rest = partial + readFrom(rotated, offset);
      show(rest.slice(0, rest.lastIndexOf("\n") + 1), rotated);
      offset = 0;
      partial = "";
    }
    if (size === offset) continue;
    const text = partial + readFrom(path, offset);
    offset = size;
    const cut = text.lastIndexOf("\n") + 1;
    partial = text.slice(cut);
    show(text.slice(0, cut), path);
  }
}

export default defineAcCommand({
  meta: {
    name: "logs",
    description:
      "Show the decision ledger: every call that decided or failed (time, host, event, connector, decision, latency, the tool, what the host enforced, the reason); filter, follow, count (--stats) or verify its hash chain (--verify). --hook-log shows hook.log's failures and notes.",
  },
  args: {
    ...connectorArgs,
    decision: { type: "string", description: "Only this decision: deny, allow, ask, modify, context, no opinion, fail-open, fail-closed" },
    host: { type: "string", description: "Only calls from this host id (e.g. claude-code)" },
    event: { type: "string", description: "Only this event (e.g. PreToolUse)" },
    since: { type: "string", description: "Only records since a duration ago (30s, 15m, 1h, 2d) or a date" },
    lines: { type: "string", description: "How many of the last records to show (0: all)", default: "50" },
    follow: { type: "boolean", alias: ["f"], description: "Keep printing records as hooks write them (Ctrl-C stops)" },
    stats: { type: "boolean", description: "Count the records per host and decision, with p50/p95 latency" },
    verify: { type: "boolean", description: "Check the ledger's hash chain; name the first record changed, removed or inserted (exit 5)" },
    "hook-log": { type: "boolean", description: "Show hook.log instead: failures and notes (--connector, --lines, --follow, --json apply)" },
    ...jsonArgs,
  },
  async run({ args, json }) {
    const count = Number(args.lines);
    if (!Number.isInteger(count) || count < 0) throw new UsageError(`--lines must be a whole number, not "${args.lines}"`);
    if (args["hook-log"]) return await showHookLog({ lines: count, follow: args.follow, connector: args.connector }, json);

    const lines = readLedger();
    if (args.verify) {
      const result = verifyChain(lines);
      if (json) printJson({ ledger: auditDir(), ok: !result.broken, ...result });
      else if (result.broken) printStdout(`The ledger's chain is broken: ${result.broken.message}.`);
      else if (!result.records) printStdout(`No records in ${auditDir()}: nothing to verify.`);
      else printStdout(`The ledger's chain holds: ${result.records} records (${result.first} to ${result.last}) in ${auditDir()}.`);
      return result.broken ? EXIT.problems : undefined;
    }

    const filters: Filters = { ...args, since: args.since === undefined ? undefined : sinceTime(args.since) };
    const filtered = Boolean(filters.decision || filters.host || filters.connector || filters.event || filters.since);
    // A line that is no record (changed past reading) is shown for what it is, unless a filter asks for records only.
    const kept = (ls: LedgerLine[]) => ls.filter((l) => (l.record ? matches(l.record, filters) : !filtered));
    const show = (ls: LedgerLine[]) => {
      if (ls.length)
        printStdout(
          ls.map((l) => (json ? (l.record ? l.text : JSON.stringify({ unreadable: l.text, file: l.file, line: l.line })) : formatLine(l))).join("\n"),
        );
    };
    const shown = kept(lines);

    if (args.stats) {
      const rows = stats(shown.flatMap((l) => (l.record ? [l.record] : [])));
      if (json) return printJson({ ledger: auditDir(), stats: rows });
      if (!rows.length) return printStdout(`No records in ${auditDir()} match.`);
      return printStdout(
        formatTable([
          ["host", "decision", "calls", "p50 ms", "p95 ms"],
          ...rows.map((r) => [r.host, r.decision, String(r.calls), String(r.p50Ms), String(r.p95Ms)]),
        ]),
      );
    }

    show(count ? shown.slice(-count) : shown);
    if (!shown.length && !args.follow && !json)
      printStdout(
        `No records in ${auditDir()}${lines.length ? " match" : ""}. The ledger keeps every decision other than no opinion and every failure (a connector's audit setting changes it); \`agent-connector logs --hook-log\` shows hook.log.`,
      );
    if (args.follow) await follow(ledgerFile(0), (text, from) => show(kept(ledgerLines(from, text))), ledgerFile(1));
  },
});
