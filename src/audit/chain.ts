/**
 * The ledger's tamper evidence: each record is sealed with the SHA-256 of its own JSON text, which
 * holds the previous record's seal (`prev`) and a sequence number (`seq`). Changing a record breaks
 * its seal, or, resealed, the next record's `prev`; removing one leaves a gap in `seq`; inserting
 * one repeats a `seq` or breaks a `prev`. Across rotation the first record of a file chains to the
 * last of the file before it. The seal is the line's last member, so it is checked on the exact
 * text stored, never on a re-serialisation.
 */

/** The `prev` of the first record the ledger ever held. */
export const CHAIN_START = "start";

const digest = (text: string): string => Bun.SHA256.hash(text, "hex");

/** A record's JSON text with its seal added as the last member. */
export function sealed(body: Record<string, unknown>): string {
  const text = JSON.stringify(body);
  return `${text.slice(0, -1)},"hash":"${digest(text)}"}`;
}

const SEAL = /,"hash":"([0-9a-f]{64})"\}$/;

export interface Unsealed {
  /** The record as stored, or undefined when the line is not JSON. */
  record?: Record<string, unknown>;
  hash?: string;
  /** Whether the seal matches the text it closes. */
  intact: boolean;
}

/**
 * Where a new record chains to: the line's `seq` and seal as unseal reads them (a JSON object with a
 * numeric `seq`, closed by a seal), without checking the seal: the writer chains to what is stored.
 */
export function link(line: string): { seq: number; hash: string } | undefined {
  const hash = sealOf(line);
  if (!hash) return undefined;
  let seq: unknown;
  try {
    seq = (JSON.parse(line) as { seq?: unknown } | null)?.seq;
  } catch {
    return undefined;
  }
  return typeof seq === "number" ? { seq, hash } : undefined;
}

const SEAL_OPEN = ',"hash":"';
const SEAL_LENGTH = SEAL_OPEN.length + 64 + 2;

/** The seal SEAL finds (hex digits, in lower case, closing the line), checked character by character: a process of its own would compile SEAL for this one line (docs/decisions/perf-ledger-append.md). */
function sealOf(line: string): string | undefined {
  const at = line.length - SEAL_LENGTH;
  if (at < 0 || !line.endsWith('"}') || !line.startsWith(SEAL_OPEN, at)) return undefined;
  for (let i = at + SEAL_OPEN.length; i < line.length - 2; i++) {
    const c = line.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return undefined;
  }
  return line.slice(at + SEAL_OPEN.length, -2);
}

/** A ledger line read back: its record, its seal, and whether the seal still matches. */
export function unseal(line: string): Unsealed {
  let record: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) record = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: not a record we wrote (or one changed past reading).
  }
  const seal = SEAL.exec(line);
  if (!seal) return { record, intact: false };
  return { record, hash: seal[1], intact: digest(`${line.slice(0, seal.index)}}`) === seal[1] };
}
