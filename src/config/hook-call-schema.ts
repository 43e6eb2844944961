import { once } from "../once.ts";
import * as v from "valibot";
import type { HookCallTarget } from "../core/hook-call-target.ts";

// The target is the core's word (src/core/on-failure.ts names definitions by it); the hook path imports it from here too.
export { targetKey, type HookCallTarget } from "../core/hook-call-target.ts";

/** Schemas the hook path needs; the install-time schema (schema.ts) builds on them. */

export const idSchema = v.pipe(
  v.string("must be a string"),
  v.regex(/^[a-z0-9][a-z0-9-]*$/, "must match ^[a-z0-9][a-z0-9-]*$ (lowercase letters, digits and dashes)"),
);

export const timeoutSchema = v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(600)));

export const onFailureSchema = v.optional(v.picklist(["allow", "deny"], 'must be "allow" (fail open) or "deny" (fail closed)'));

/** What the decision ledger records of this connector's calls (docs/audit.md). */
export const auditSchema = v.optional(v.union([v.picklist(["all", "decisions"]), v.literal(false)], 'must be "all", "decisions" or false'));

const buildNativeHookSchema = () =>
  v.strictObject({
    matcher: v.optional(v.string()),
    handler: v.function("must be a function"),
    onFailure: onFailureSchema,
  });
/** Built on first use: only a call of a native hook (a platform target) checks one. */
export const nativeHookSchema = once(buildNativeHookSchema);

/**
 * The hook path's check is shallower than install's: types only. The matcher is compiled when it
 * is used and the handler's answer is checked when it comes; the full hook schema (its regex and
 * response checks) measurably slows every hook call (bench/hook-roundtrip.ts).
 */
const hookCallHookSchema = v.looseObject({
  matcher: v.optional(v.string()),
  timeout: timeoutSchema,
  handler: v.optional(v.function()),
  response: v.optional(v.unknown()),
  onFailure: onFailureSchema,
});

export function hookCallSchema(target: HookCallTarget) {
  const optionalEntry = <S extends v.GenericSchema>(key: string, schema: S) => v.optional(v.looseObject({ [key]: v.optional(schema) }));
  if ("event" in target)
    return v.looseObject({
      id: idSchema,
      timeout: timeoutSchema,
      onFailure: onFailureSchema,
      audit: auditSchema,
      // Several definitions (src/config/several.ts), or one; the array first: a loose object takes an array too.
      hooks: optionalEntry(target.event, v.union([v.array(hookCallHookSchema), hookCallHookSchema])),
    });
  return v.looseObject({
    id: idSchema,
    timeout: timeoutSchema,
    onFailure: onFailureSchema,
    audit: auditSchema,
    platforms: optionalEntry(target.platform, v.looseObject({ nativeHooks: optionalEntry(target.native, nativeHookSchema()) })),
  });
}
