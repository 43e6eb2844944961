import * as v from "valibot";
import { systemFile } from "../paths.ts";
import type { AuditLevel } from "./settings.ts";

/**
 * The machine-wide audit setting (docs/audit.md): a file an administrator writes once, as root, for
 * every connector of every user on the machine. It can turn recording on or raise it, never lower
 * it: a connector's `audit: false` records decisions where it says "decisions", and calls with no
 * opinion too where it says "all". A file that root does not own, or that others can write, is
 * not an administrator's word: it is ignored, and hook.log says why once.
 */

type Env = Record<string, string | undefined>;

export const MACHINE_AUDIT_PATHS = {
  linux: "/etc/agent-connector/audit.json",
  darwin: "/Library/Application Support/agent-connector/audit.json",
  win32: "C:\\ProgramData\\agent-connector\\audit.json",
};

export const machineAuditFile = (env: Env = process.env): string => systemFile(MACHINE_AUDIT_PATHS, env);

/** A collector the machine's records are shipped to (docs/audit.md, "Shipping to a collector"). */
export interface MachineCollector {
  endpoint: string;
  headers?: Record<string, string>;
}

const machineSchema = v.strictObject({
  audit: v.optional(v.picklist(["all", "decisions"], 'audit must be "all" or "decisions"')),
  otlp: v.optional(
    v.strictObject({
      endpoint: v.pipe(v.string(), v.url("otlp.endpoint must be an http(s) URL"), v.regex(/^https?:\/\//i, "otlp.endpoint must be an http(s) URL")),
      headers: v.optional(v.record(v.string(), v.string("otlp.headers must map names to strings"))),
    }),
  ),
});

const RANK: Record<string, number> = { false: 0, decisions: 1, all: 2 };

/** The connector's level, raised to the machine's where that is higher. */
export const raised = (level: AuditLevel, machine: AuditLevel | undefined): AuditLevel =>
  machine !== undefined && RANK[String(machine)]! > RANK[String(level)]! ? machine : level;

export interface Owned {
  uid: number;
  mode: number;
}

/** Why a file (or its folder) is not root's alone; undefined if it is. Windows has no such modes. */
export function notRoots(path: string, stat: Owned, platform = process.platform): string | undefined {
  if (platform === "win32") return undefined;
  if (stat.uid !== 0) return `${path} belongs to uid ${stat.uid}, not root`;
  if (stat.mode & 0o022) return `${path} is writable by others (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** The file's level and collector, or why it does not count. */
export function machineLevel(text: string): { level?: "all" | "decisions"; otlp?: MachineCollector; problem?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  const result = v.safeParse(machineSchema, parsed);
  return result.success ? { level: result.output.audit, otlp: result.output.otlp } : { problem: result.issues[0].message };
}
