import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import * as v from "valibot";
import { auditDir } from "../audit/settings.ts";
import { join } from "../paths.ts";
import type { Position } from "./otlp-batch.ts";

/**
 * A shipping target's cursor: `audit/otlp/<target id>.json` under the home, where the records it
 * has accepted end (src/daemon/otlp-batch.ts Position), and how its shipping fares. Written whole
 * (a temporary file renamed over it) after each batch the collector accepted, and never before:
 * a daemon killed at any moment leaves the cursor at the end of an accepted batch.
 */

type Env = Record<string, string | undefined>;

export interface Cursor {
  v: 1;
  /** The collector, without a user or password in its URL: for people (`status`). */
  url: string;
  from: "environment" | "machine";
  /** Where the accepted records end; none before the first accepted batch. */
  at?: Position;
  /** When the last batch was accepted (ISO 8601). */
  shippedAt?: string;
  /** Records shipped to this target so far, and records a collector accepted the request of but said it rejected (OTLP partial success). */
  shipped: number;
  rejected?: number;
  /** Records rotated away before they could be shipped. */
  lost?: number;
  /** The collector does not accept the records (down, refusing): since when, and its last answer. */
  failing?: { since: string; message: string };
}

const positionSchema = v.object({ dev: v.number(), ino: v.number(), offset: v.number(), seq: v.number(), hash: v.string() });
const cursorSchema = v.object({
  v: v.literal(1),
  url: v.string(),
  from: v.picklist(["environment", "machine"]),
  at: v.optional(positionSchema),
  shippedAt: v.optional(v.string()),
  shipped: v.number(),
  rejected: v.optional(v.number()),
  lost: v.optional(v.number()),
  failing: v.optional(v.object({ since: v.string(), message: v.string() })),
});

export const cursorDir = (env: Env): string => join(auditDir(env), "otlp");
export const cursorPath = (env: Env, id: string): string => join(cursorDir(env), `${id}.json`);

/** The cursor as stored; undefined when there is none yet, or the file is not one we wrote. */
export function readCursor(path: string): Cursor | undefined {
  try {
    const result = v.safeParse(cursorSchema, JSON.parse(readFileSync(path, "utf8")));
    return result.success ? (result.output as Cursor) : undefined;
  } catch {
    return undefined;
  }
}

/** Every target's cursor under the home (for `status`): the ones named now and the ones named before. */
export function allCursors(env: Env): Cursor[] {
  let names: string[];
  try {
    names = readdirSync(cursorDir(env));
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith(".json")).flatMap((name) => readCursor(join(cursorDir(env), name)) ?? []);
}

export function writeCursor(path: string, cursor: Cursor): void {
  mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(cursor)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
