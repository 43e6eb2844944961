import * as v from "valibot";
import { EVENT_NAMES, MATCHER_TARGET, isEventName } from "../events.ts";
import { matcherError } from "../core/matcher.ts";
import { responseSchema } from "../core/response.ts";

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;


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

const nativeHookSchema = v.strictObject({
  matcher: v.optional(v.string()),
  handler: v.function("must be a function"),
});

const idSchema = v.pipe(
  v.string("must be a string"),
  v.regex(ID_PATTERN, "must match ^[a-z0-9][a-z0-9-]*$ (lowercase letters, digits and dashes)"),
);
const timeoutSchema = v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(600)));

/** What one hook call uses: checked on the hook path, where install has checked the whole config. */
export type HookCallTarget = { event: string } | { platform: string; native: string };

/**
 * The hook path's check is shallower than install's: types only. The matcher is compiled when it
 * is used and the handler's answer is checked when it comes; the full hook schema (its regex and
 * response checks) measurably slows every hook call (bench/hook-roundtrip.ts).
 */
const hookCallHookSchema = v.looseObject({ matcher: v.optional(v.string()), handler: v.optional(v.function()), response: v.optional(v.unknown()) });

export function hookCallSchema(target: HookCallTarget) {
  const optionalEntry = <S extends v.GenericSchema>(key: string, schema: S) => v.optional(v.looseObject({ [key]: v.optional(schema) }));
  if ("event" in target) return v.looseObject({ id: idSchema, timeout: timeoutSchema, hooks: optionalEntry(target.event, hookCallHookSchema) });
  return v.looseObject({
    id: idSchema,
    timeout: timeoutSchema,
    platforms: optionalEntry(target.platform, v.looseObject({ nativeHooks: optionalEntry(target.native, nativeHookSchema) })),
  });
}

export function connectorSchema(platformIds: readonly string[]) {
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
          v.check((id) => platformIds.includes(id), (issue) => `unknown platform "${String(issue.input)}"; known: ${platformIds.join(", ")}`),
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
