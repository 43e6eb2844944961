import { KEEP_QUEUED, runUntil } from "./watchdog.ts";
import { ArrayPrototypeIncludes, JSONParse, JSONStringify, MathMax, ObjectKeys, performanceNow, StringOf } from "./intrinsics.ts";

const FIELDS = ["decision", "reason", "updatedInput", "additionalContext", "updatedOutput"];

/**
 * How long reading the answer may take when the handler's work already used up the budget (a
 * stray microtask that looped until the watchdog): with the deadline alone the watchdog got 1 ms,
 * and on a busy machine it fired before a plain `decision: "deny"` was copied, so the deny was lost.
 * Well inside the backstop's grace (backstop.ts).
 */
const READ_GRACE_MS = 100;

export interface Snapshot {
  /** The handler's answer as plain JSON data, or a primitive as it was returned. */
  value: unknown;
  /** What could not be read: a throwing getter, a Proxy trap, a value JSON cannot hold. */
  problems: string[];
}

/**
 * Copies a handler's answer into plain data under the watchdog, field by field, so that a getter
 * that throws or never returns, a Proxy whose traps throw, or a toJSON that loops costs only that
 * field: `decision: "deny"` read before a broken `reason` is still a deny. The getters are user code,
 * so user code's versions of the built-ins are in place meanwhile: this code uses none of them.
 */
export function snapshotResponse(value: unknown, deadline: number): Snapshot {
  if (value === null || typeof value !== "object") return { value, problems: [] };
  const copy: Record<string, unknown> = {};
  const problems: string[] = [];
  const problem = (text: string) => void (problems[problems.length] = text);
  const run = runUntil(
    () => {
      let keys: readonly string[] = FIELDS;
      try {
        keys = ObjectKeys(value);
      } catch (error) {
        problem(`its keys cannot be listed (${message(error)})`);
      }
      // `decision` first: a deny is read before any other field can use up the time.
      const order: string[] = ArrayPrototypeIncludes(keys, "decision") ? ["decision"] : [];
      for (let i = 0; i < keys.length; i++) if (keys[i] !== "decision") order[order.length] = keys[i]!;
      for (let i = 0; i < order.length; i++) {
        const key = order[i]!;
        try {
          const field = (value as Record<string, unknown>)[key];
          if (field === undefined) continue;
          copy[key] = typeof field === "object" && field !== null ? JSONParse(JSONStringify(field)) : field;
        } catch (error) {
          problem(`${key} cannot be read (${message(error)})`);
        }
      }
    },
    MathMax(deadline, performanceNow() + READ_GRACE_MS),
    // The handler's own microtasks run once its reply is made (decide.ts).
    KEEP_QUEUED,
  );
  if (run.kind === "timed-out") problems.push("reading it did not finish within the time budget");
  return { value: copy, problems };
}

const message = (error: unknown): string => {
  try {
    return StringOf((error as Error)?.message ?? error);
  } catch {
    return "unreadable error";
  }
};
