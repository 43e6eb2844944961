import { MATCHER_TARGET, type EventName } from "../events.ts";
import type { Adapter } from "../adapter.ts";
import { compileMatcher } from "../core/matcher.ts";

/** What a handler sees for a field the host never sends: SessionStart's source defaults to "startup" (src/core/event-schema.ts). */
const WHEN_UNSENT: Partial<Record<string, string>> = { source: "startup" };

/**
 * A matcher on a field this host never sends (no place for it in its payload map: PreCompact's
 * trigger on a host that does not say, a subagent type on Droid's SubagentStop) matches every call
 * or none; none is a guard that silently never runs. Tool names are checked by toolMatcherWarnings.
 */
export function unsentTargetWarning(adapter: Adapter, event: EventName, matcher: string | undefined): string | undefined {
  const target = MATCHER_TARGET[event];
  if (!target || target === "toolName" || !matcher || matcher === "*" || adapter.payload[target]) return undefined;
  const seen = WHEN_UNSENT[target] ?? "";
  if (compileMatcher(matcher)?.test(seen) ?? true) return undefined;
  const as = seen ? ` (every call has ${target} "${seen}")` : "";
  return `${adapter.name} ${event}: ${adapter.name} sends no ${target}${as}, so the matcher "${matcher}" matches none of its calls: this handler never runs there.`;
}
