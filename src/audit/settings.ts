import { connectorHome } from "../home.ts";
import { join } from "../paths.ts";

/**
 * Where the decision ledger lives and how big it grows: the defaults, in one place (docs/audit.md).
 * The ledger is one per user, shared by every connector, so its size is the user's to set (an
 * environment variable), not a connector's.
 */

type Env = Record<string, string | undefined>;

/** What a connector's `audit` records: every call, decisions and failures (the default), or nothing. */
export type AuditLevel = "all" | "decisions" | false;
export const AUDIT_LEVELS: readonly AuditLevel[] = ["all", "decisions", false];
export const DEFAULT_AUDIT_LEVEL: AuditLevel = "decisions";

/** The current file is rotated once it would pass this size. */
export const DEFAULT_MAX_BYTES = 5_000_000;
/** Files kept, the current one included: decisions.jsonl, decisions.1.jsonl … decisions.<keep-1>.jsonl. */
export const DEFAULT_KEEP = 5;

export const MAX_BYTES_ENV = "AGENT_CONNECTOR_AUDIT_MAX_BYTES";
export const KEEP_ENV = "AGENT_CONNECTOR_AUDIT_KEEP";

/** The folder of the ledger, beside logs/ under the home. */
export const auditDir = (env: Env = process.env): string => join(connectorHome(env), "audit");

/** The ledger's files, newest first: index 0 is the file written to. */
export const ledgerFile = (index: number, env: Env = process.env): string => join(auditDir(env), index ? `decisions.${index}.jsonl` : "decisions.jsonl");

const wholeNumber = (text: string | undefined, min: number, fallback: number): number => {
  const value = Number(text);
  return text && Number.isInteger(value) && value >= min ? value : fallback;
};

export interface Rotation {
  maxBytes: number;
  keep: number;
}

/** The size and file count in force: the environment's when it holds a whole number, else the defaults. */
export const rotation = (env: Env = process.env): Rotation => ({
  maxBytes: wholeNumber(env[MAX_BYTES_ENV], 4096, DEFAULT_MAX_BYTES),
  keep: wholeNumber(env[KEEP_ENV], 1, DEFAULT_KEEP),
});
