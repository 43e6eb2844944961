/** A decision ledger record as stored (src/hook/audit-call.ts writes it; docs/audit.md describes each field). */
export interface AuditRecord {
  v: 1;
  seq: number;
  time: string;
  host: string;
  /** The host whose files the call was installed in, when another host ran them. */
  installedFor?: string;
  event: string;
  connector?: string;
  session?: string;
  tool?: { kind?: string; name?: string; command?: string; paths?: string[]; url?: string };
  answer: string;
  enforced: string;
  effect?: string;
  reason?: string;
  outcome: string;
  latencyMs: number;
  build: string;
  prev: string;
  hash: string;
}

/** What a record shows as its decision: a failure's kind (fail-open, fail-closed), else the handler's answer. */
export const decisionOf = (record: Pick<AuditRecord, "answer" | "outcome">): string =>
  record.outcome?.startsWith("fail-") ? record.outcome.split(":")[0]! : record.answer;
