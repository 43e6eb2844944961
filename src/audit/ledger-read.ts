import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { unseal } from "./chain.ts";
import type { AuditRecord } from "./record.ts";
import { auditDir, ledgerFile } from "./settings.ts";

type Env = Record<string, string | undefined>;

/** One line of a ledger file, read back. */
export interface LedgerLine {
  file: string;
  /** 1-based, in its file. */
  line: number;
  text: string;
  record?: AuditRecord;
  hash?: string;
  intact: boolean;
}

const NAME = /^decisions(?:\.(\d+))?\.jsonl$/;

/** The ledger's files, oldest first (decisions.<n>.jsonl … decisions.jsonl). */
export function ledgerFiles(env: Env = process.env): string[] {
  let names: string[];
  try {
    names = readdirSync(auditDir(env));
  } catch {
    return [];
  }
  const indexes = names.flatMap((name) => {
    const m = NAME.exec(name);
    return m ? [Number(m[1] ?? 0)] : [];
  });
  return indexes.sort((a, b) => b - a).map((index) => ledgerFile(index, env));
}

/** A file's text from byte `from` on ("" when it is gone or shorter). */
export function readFrom(path: string, from = 0): string {
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
}

/** The lines of a text read from `file` (a last line without its newline is left out: still being written). */
export function ledgerLines(file: string, text: string, firstLine = 1): LedgerLine[] {
  const lines = text.split("\n").slice(0, -1);
  return lines.flatMap((line, i) => {
    if (!line) return [];
    const { record, hash, intact } = unseal(line);
    return [{ file, line: firstLine + i, text: line, record: record as AuditRecord | undefined, hash, intact }];
  });
}

/** Every line of every ledger file, oldest first. */
export const readLedger = (env: Env = process.env): LedgerLine[] => ledgerFiles(env).flatMap((file) => ledgerLines(file, readFrom(file)));
