import { once } from "../once.ts";
import * as v from "valibot";
import type { HookResponse } from "../events.ts";
import { DECISIONS, unknownDecision } from "./decision-words.ts";

/** Built on first use: most hook calls' handlers return nothing, and then no answer is checked. */
function buildResponseSchema() {
  const haltSchema = v.strictObject(
    { reason: v.optional(v.string("must be a string")) },
    (issue) => `unknown field ${String(issue.input === undefined ? issue.expected : issue.received)}: halt takes reason`,
  );

  const fieldsSchema = v.strictObject({
    decision: v.optional(v.picklist(DECISIONS, (issue) => unknownDecision(issue.input))),
    reason: v.optional(v.string()),
    updatedInput: v.optional(v.record(v.string(), v.unknown())),
    additionalContext: v.optional(v.string()),
    updatedOutput: v.optional(v.string()),
    updatedTool: v.optional(
      v.strictObject(
        {
          command: v.optional(v.string()),
          cwd: v.optional(v.string()),
          filePaths: v.optional(v.array(v.string())),
          content: v.optional(v.string()),
          url: v.optional(v.string()),
          query: v.optional(v.string()),
        },
        (issue) =>
          `unknown field ${String(issue.input === undefined ? issue.expected : issue.received)}: updatedTool takes command, cwd, filePaths, content, url, query`,
      ),
    ),
    halt: v.optional(haltSchema),
    continue: v.optional(v.boolean("must be a boolean")),
    stopReason: v.optional(v.string("must be a string")),
    systemMessage: v.optional(v.string("must be a string")),
    suppressOutput: v.optional(v.boolean("must be a boolean")),
  });

  /**
   * An answer as handlers may write it. `continue: false` + `stopReason` (Claude Code's words) is a
   * halt, and reads as one from here on; a `stopReason` with nothing to stop is a mistake, said.
   */
  return v.pipe(
    fieldsSchema,
    v.check((r) => r.stopReason === undefined || r.continue === false, "stopReason goes with continue: false (or use halt: { reason })"),
    v.transform(({ continue: going, stopReason, ...rest }): HookResponse => {
      if (going !== false || rest.halt) return rest;
      return { ...rest, halt: stopReason === undefined ? {} : { reason: stopReason } };
    }),
  );
}

/** An answer as handlers may write it (buildResponseSchema), made once. */
export const responseSchema = once(buildResponseSchema);

export type ParsedResponse = { ok: true; response: HookResponse | undefined } | { ok: false; problem: string; response?: HookResponse };

/**
 * A handler's return value, checked. Nothing means allow. Garbage is a failure (fail-open),
 * except that a recognisable deny is kept: a deliberate deny is never lost to a sloppy field.
 */
export function parseHandlerResult(value: unknown): ParsedResponse {
  if (value === undefined || value === null) return { ok: true, response: undefined };
  const result = v.safeParse(responseSchema(), value);
  if (result.success) return { ok: true, response: result.output };
  const issue = result.issues[0];
  const problem = `handler returned an invalid response: ${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`;
  const maybe = value as Record<string, unknown>;
  if (typeof value === "object" && maybe.decision === "deny") {
    const reason = typeof maybe.reason === "string" ? maybe.reason : undefined;
    return { ok: false, problem, response: { decision: "deny", reason } };
  }
  return { ok: false, problem };
}
