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

const digest = (text: string): string => new Bun.CryptoHasher("sha256").update(text).digest("hex");

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
