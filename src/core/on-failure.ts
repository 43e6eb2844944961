import type { ConnectorConfig, OnFailure } from "../events.ts";
import { targetKey, type HookCallTarget } from "./hook-call-target.ts";

/**
 * Which hook definitions of a connector fail closed: a definition's own `onFailure`, else the
 * connector's, else allow. The keys are those of targetKey (a normalized event name, or
 * "<platform> <native event>"), so install, the compiled snapshot's header and a hook call name a
 * definition the same way.
 */
export function failClosedTargets(config: ConnectorConfig): string[] {
  const keys: string[] = [];
  for (const [event, hook] of Object.entries(config.hooks ?? {})) if (hook && closed(hook.onFailure, config.onFailure)) keys.push(targetKey({ event }));
  for (const [platform, options] of Object.entries(config.platforms ?? {}))
    for (const [native, hook] of Object.entries(options?.nativeHooks ?? {}))
      if (closed(hook.onFailure, config.onFailure)) keys.push(targetKey({ platform, native }));
  return keys;
}

const closed = (own: OnFailure | undefined, connector: OnFailure | undefined): boolean => (own ?? connector) === "deny";

/** Whether one call's definition fails closed, from a loaded config. */
export function failsClosed(config: ConnectorConfig, target: HookCallTarget): boolean {
  const hook =
    "event" in target
      ? (config.hooks as Record<string, { onFailure?: OnFailure } | undefined> | undefined)?.[target.event]
      : config.platforms?.[target.platform]?.nativeHooks?.[target.native];
  return closed(hook?.onFailure, config.onFailure);
}

/** The hook command's flag that says a definition fails closed (install writes it; the hook reads it before anything else). */
export const FAIL_CLOSED_FLAG = "--fail-closed";
