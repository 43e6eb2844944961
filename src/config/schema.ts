import * as v from "valibot";
import { EVENT_NAMES, MATCHER_TARGET, isEventName } from "../events.ts";
import { matcherError } from "../core/matcher.ts";
import { responseSchema } from "../core/response.ts";
import { idSchema, nativeHookSchema, timeoutSchema } from "./hook-call-schema.ts";

const matcherSchema = v.pipe(
  v.string("must be a string"),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = matcherError(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

/** A hook is a handler (code configs) or a fixed response (JSON configs). */
const hookSchema = v.pipe(
  v.strictObject(
    {
      matcher: v.optional(matcherSchema),
      handler: v.optional(v.function("must be a function")),
      response: v.optional(responseSchema),
    },
    (issue) => `unknown key "${String(issue.input === undefined ? issue.expected : issue.received)}": a hook takes matcher, handler (or response in JSON)`,
  ),
  v.check((hook) => (hook.handler === undefined) !== (hook.response === undefined), "needs exactly one of handler or response"),
);

export function connectorSchema(hostIds: readonly string[]) {
  return v.strictObject({
    id: idSchema,
    timeout: timeoutSchema,
    hooks: v.optional(
      v.pipe(
        v.record(
          v.pipe(
            v.string(),
            v.check(isEventName, (issue) => `unknown event "${String(issue.input)}"; valid events: ${EVENT_NAMES.join(", ")}`),
          ),
          hookSchema,
        ),
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          for (const [event, hook] of Object.entries(dataset.value)) {
            if (hook.matcher && hook.matcher !== "*" && isEventName(event) && !MATCHER_TARGET[event]) {
              addIssue({
                message: `${event} has nothing to match against; matchers apply to tool events and subagent events only`,
                path: [{ type: "object", origin: "value", input: dataset.value, key: event, value: hook }],
              });
            }
          }
        }),
      ),
    ),
    platforms: v.optional(
      v.record(
        v.pipe(
          v.string(),
          v.check((id) => hostIds.includes(id), (issue) => `unknown host "${String(issue.input)}"; known: ${hostIds.join(", ")}`),
        ),
        v.strictObject({
          nativeHooks: v.optional(
            v.record(
              v.pipe(
                v.string(),
                v.check(
                  (name) => !isEventName(name),
                  (issue) => `"${String(issue.input)}" is a normalized event; declare it under hooks, not nativeHooks`,
                ),
              ),
              nativeHookSchema,
            ),
          ),
        }),
      ),
    ),
  });
}
