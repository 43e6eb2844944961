import { oneLine } from "../one-line.ts";

/**
 * hook.log read back (`logs --hook-log`): written by src/hook (failures, notes; with
 * AGENT_CONNECTOR_DEBUG=1 a trace per call) and by plugin modules. Each line keeps its own kind:
 * a call that failed open ends "; allowed (fail-open)", one denied because its definition fails
 * closed "; denied (fail-closed)"; a trace starts "trace:"; anything else is a note (a kept deny, a
 * degradation, a stray error, a new tool). Nothing is called fail-open that did not fail open.
 */
export interface LogEntry {
  time: string;
  host: string;
  event: string;
  connector?: string;
  /** The trace's decision, or "fail-open" / "fail-closed" / "note" for the other lines. */
  decision: string;
  latencyMs?: number;
  exitCode?: number;
  /** The failure or note, with its stack when there is one (lines joined by " | " in the file). */
  message?: string;
}

const LINE = /^(\S+) (\S+) (\S+)(?: \(([^)]*)\))?: (.*)$/s; // s: a raw CR, U+2028 or NEL of an older line is still part of it
const TRACE = /^trace: (.+), exit (\d+), ([\d.]+) ms$/;
const OUTCOME = /; (allowed \(fail-open\)|denied \(fail-closed\))$/;

export function parseLogLine(line: string): LogEntry | undefined {
  const m = LINE.exec(line);
  if (!m) return undefined;
  const [, time, host, event, connector, rest] = m as unknown as [string, string, string, string, string | undefined, string];
  const base = { time, host, event, ...(connector ? { connector } : {}) };
  const trace = TRACE.exec(rest);
  if (trace) return { ...base, decision: trace[1]!, exitCode: Number(trace[2]), latencyMs: Number(trace[3]) };
  const outcome = OUTCOME.exec(rest);
  const decision = outcome ? (outcome[1]!.startsWith("allowed") ? "fail-open" : "fail-closed") : "note";
  return { ...base, decision, message: outcome ? rest.slice(0, outcome.index) : rest };
}

export function formatLogEntry(entry: LogEntry): string {
  const time = entry.time.replace("T", " ").replace(/\.\d+Z$/, "Z");
  const head = [time, entry.host, entry.event, entry.connector ?? "-", entry.decision].map(oneLine).join("  ");
  if (entry.latencyMs !== undefined) return `${head}  ${entry.latencyMs} ms${entry.exitCode ? `  exit ${entry.exitCode}` : ""}`;
  // hook.log joins a message's lines with " | ", which a message may also hold itself (`curl x | sh`):
  // only a stack frame (" |     at f (file:1:2)") is surely a line of its own.
  const [first, ...stack] = (entry.message ?? "").split(/ \| (?=\s*at \S)/);
  return [`${head}  ${oneLine(first!)}`, ...stack.map((line) => `    ${oneLine(line.trim())}`)].join("\n");
}
