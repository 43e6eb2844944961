import type { Adapter, PathContext, Scope } from "../adapter.ts";
import { EVENT_NAMES, MATCHER_TARGET, type ConnectorConfig, type EventName } from "../events.ts";
import { degradationsFor, type Degradation } from "../core/resolve.ts";
import { isPlainNameList } from "../core/matcher.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../core/timeout.ts";
import type { HookEntry } from "../host-config/nested-groups.ts";
import { hookCommand } from "./command-line.ts";

export type MatcherMode = "native" | "runtime" | "all";

export interface WiredEvent {
  event: string;
  nativeEvent: string;
  matcher: MatcherMode;
  native?: boolean;
}

/** What a connector becomes on one host: the entries to write and everything that degrades. */
export interface HostPlan {
  platform: string;
  name: string;
  paradigm: Adapter["paradigm"];
  scope: Scope;
  file?: string;
  entries: HookEntry[];
  wired: WiredEvent[];
  unavailable: EventName[];
  degradations: Degradation[];
  warnings: string[];
}

/**
 * Our matcher matches the whole name; Claude-style hosts compare plain names and `a|b` lists
 * exactly and treat anything else as an unanchored regex, so that gets anchored explicitly.
 */
function nativeMatcher(adapter: Adapter, event: EventName, matcher: string | undefined): { text?: string; mode: MatcherMode } {
  if (!matcher || matcher === "*" || !MATCHER_TARGET[event]) return { mode: "all" };
  if (adapter.nativeMatcher === "claude-regex") return { text: isPlainNameList(matcher) ? matcher : `^(?:${matcher})$`, mode: "native" };
  return { mode: "runtime" };
}

export function planHost(adapter: Adapter, config: ConnectorConfig, scope: Scope, paths: PathContext): HostPlan {
  const plan: HostPlan = {
    platform: adapter.id,
    name: adapter.name,
    paradigm: adapter.paradigm,
    scope,
    entries: [],
    wired: [],
    unavailable: [],
    degradations: [],
    warnings: [],
  };
  const declared = EVENT_NAMES.filter((event) => config.hooks?.[event]);
  const timeout = config.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  const hookFile = adapter.hookFile;
  const locate = hookFile?.scopes[scope];

  if (adapter.paradigm === "mcp-only" || !hookFile) {
    plan.unavailable = declared;
    plan.warnings.push(`${adapter.name} has no hook layer; nothing is installed for its hooks.`);
    return plan;
  }
  if (!locate) {
    plan.unavailable = declared;
    plan.warnings.push(`${adapter.name} has no ${scope}-scope hook config; try --scope ${scope === "user" ? "project" : "user"}.`);
    return plan;
  }
  plan.file = locate(paths);
  const timeoutValue = hookFile.timeoutUnit === "ms" ? timeout * 1000 : timeout;

  for (const event of declared) {
    const nativeEvent = adapter.events[event];
    if (!nativeEvent) {
      plan.unavailable.push(event);
      plan.warnings.push(`${adapter.name} has no ${event} event: this handler never runs there.`);
      continue;
    }
    const matcher = nativeMatcher(adapter, event, config.hooks![event]!.matcher);
    plan.entries.push({ nativeEvent, matcher: matcher.text, command: hookCommand(adapter.id, event, config.id), timeout: timeoutValue });
    plan.wired.push({ event, nativeEvent, matcher: matcher.mode });
    plan.degradations.push(...degradationsFor(event, adapter.dialect.capabilities));
  }

  const nativeHooks = config.platforms?.[adapter.id]?.nativeHooks ?? {};
  for (const [nativeEvent, hook] of Object.entries(nativeHooks)) {
    if (!adapter.nativeHooks) {
      plan.warnings.push(`${adapter.name} does not take native hooks; nativeHooks.${nativeEvent} is ignored.`);
      continue;
    }
    plan.entries.push({ nativeEvent, matcher: hook.matcher, command: hookCommand(adapter.id, nativeEvent, config.id, true), timeout: timeoutValue });
    plan.wired.push({ event: nativeEvent, nativeEvent, matcher: hook.matcher ? "native" : "all", native: true });
  }
  return plan;
}
