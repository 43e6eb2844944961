import { closeSync, openSync, readSync, statSync } from "node:fs";
import { hookLogPath } from "../home.ts";
import { connectorArgs, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UsageError } from "./_fail.ts";
import { printJson, printStdout } from "./_output.ts";

/** One hook.log line: written by src/hook (failures; with AGENT_CONNECTOR_DEBUG=1 a trace per call) and by plugin modules. */
export interface LogEntry {
  time: string;
  host: string;
  event: string;
  connector?: string;
  /** The trace's decision, or "fail-open" / "note" for the other lines. */
  decision: string;
  latencyMs?: number;
  exitCode?: number;
  /** The failure, with its stack when there is one (lines joined by " | " in the file). */
  message?: string;
}

const LINE = /^(\S+) (\S+) (\S+)(?: \(([^)]*)\))?: (.*)$/;
const TRACE = /^trace: (.+), exit (\d+), ([\d.]+) ms$/;

export function parseLogLine(line: string): LogEntry | undefined {
  const m = LINE.exec(line);
  if (!m) return undefined;
  const [, time, host, event, connector, rest] = m as unknown as [string, string, string, string, string | undefined, string];
  const base = { time, host, event, ...(connector ? { connector } : {}) };
  const trace = TRACE.exec(rest);
  if (trace) return { ...base, decision: trace[1]!, exitCode: Number(trace[2]), latencyMs: Number(trace[3]) };
  // Lines about a call that still answered (a kept deny, a degradation) are notes; the rest failed open.
  const failed = !/; the deny is kept$|cannot take |denied by exit 2$|^unknown tool /.test(rest);
  return { ...base, decision: failed ? "fail-open" : "note", message: rest.replace(/; allowed \(fail-open\)$/, "") };
}

function format(entry: LogEntry): string {
  const time = entry.time.replace("T", " ").replace(/\.\d+Z$/, "Z");
  const head = [time, entry.host, entry.event, entry.connector ?? "-", entry.decision].join("  ");
  if (entry.latencyMs !== undefined) return `${head}  ${entry.latencyMs} ms${entry.exitCode ? `  exit ${entry.exitCode}` : ""}`;
  // hook.log joins a message's lines with " | ", which a message may also hold itself (`curl x | sh`):
  // only a stack frame (" |     at f (file:1:2)") is surely a line of its own.
  const [first, ...stack] = (entry.message ?? "").split(/ \| (?=\s*at \S)/);
  return [`${head}  ${first}`, ...stack.map((line) => `    ${line.trim()}`)].join("\n");
}

const readText = (path: string, from = 0): string => {
  const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  if (size <= from) return "";
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(size - from);
    readSync(fd, buffer, 0, buffer.length, from);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
};

export default defineAcCommand({
  meta: {
    name: "logs",
    description:
      "Show the hook log: time, host, event, connector, decision, latency; failures with their error. Traces of every call need AGENT_CONNECTOR_DEBUG=1 in the host's environment.",
  },
  args: {
    ...connectorArgs,
    lines: { type: "string", description: "How many of the last entries to show", default: "50" },
    follow: { type: "boolean", alias: ["f"], description: "Keep printing entries as hooks write them (Ctrl-C stops)" },
    ...jsonArgs,
  },
  async run({ args, json }) {
    const count = Number(args.lines);
    if (!Number.isInteger(count) || count < 0) throw new UsageError(`--lines must be a whole number, not "${args.lines}"`);
    const path = hookLogPath();
    const wanted = (entry: LogEntry | undefined): entry is LogEntry => Boolean(entry) && (!args.connector || entry!.connector === args.connector);
    const entriesOf = (text: string) => text.split("\n").filter(Boolean).map(parseLogLine).filter(wanted);
    const show = (entries: LogEntry[]) => {
      if (!entries.length) return;
      if (json && args.follow) printStdout(entries.map((e) => JSON.stringify(e)).join("\n"));
      else if (!json) printStdout(entries.map(format).join("\n"));
    };

    const entries = entriesOf(`${readText(`${path}.1`)}${readText(path)}`).slice(-count || undefined);
    if (json && !args.follow) return printJson({ log: path, entries: count ? entries : [] });
    if (entries.length) show(entries);
    else if (!args.follow)
      printStdout(`No hook log entries in ${path}. Hooks log failures; set AGENT_CONNECTOR_DEBUG=1 where the host runs to log every call.`);
    if (!args.follow) return;

    // Follow: poll the size; a smaller file means it rotated, so read the new one from its start.
    let offset = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    let partial = "";
    for (;;) {
      await Bun.sleep(200);
      const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      if (size < offset) offset = 0;
      if (size === offset) continue;
      const text = partial + readText(path, offset);
      offset = size;
      const cut = text.lastIndexOf("\n") + 1;
      partial = text.slice(cut);
      show(entriesOf(text.slice(0, cut)));
    }
  },
});
