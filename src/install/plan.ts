import type { Adapter, PathContext, Scope } from "../adapter.ts";
import { EVENT_NAMES, MATCHER_TARGET, type ConnectorConfig, type EventName } from "../events.ts";
import { degradationsFor, type Degradation } from "../core/resolve.ts";
import { isPlainNameList } from "../core/matcher.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../core/timeout.ts";
import type { HookEntry } from "../host-config/nested-groups.ts";
import { hookCommand } from "./command-line.ts";
import { pluginFilePath, pluginSettings, type PluginSettings } from "../plugin/generate.ts";

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
  /** ts-plugin hosts: what the generated module is told (it replaces `entries`). */
  plugin?: PluginSettings;
}

/**
 * Our matcher matches the whole name; Claude-style hosts compare plain names and `a|b` lists
 * exactly and treat anything else as an unanchored regex, so that gets anchored explicitly.
 * Hosts that anchor it themselves get it verbatim, name-list hosts only plain `a|b` lists.
 * Elsewhere every call reaches us and the runtime matches (it always checks again anyway).
 */
function nativeMatcher(adapter: Adapter, event: EventName, matcher: string | undefined): { text?: string; mode: MatcherMode } {
  if (!matcher || matcher === "*" || !MATCHER_TARGET[event]) return { mode: "all" };
  if (adapter.nativeMatcherEvents && !adapter.nativeMatcherEvents.includes(event)) return { mode: "runtime" };
  const plain = isPlainNameList(matcher);
  if (adapter.nativeMatcher === "claude-regex") return { text: plain ? matcher : `^(?:${matcher})$`, mode: "native" };
  if (adapter.nativeMatcher === "anchored-regex" || (adapter.nativeMatcher === "name-list" && plain)) return { text: matcher, mode: "native" };
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
  const pluginFile = adapter.pluginFile;

  if (adapter.paradigm === "mcp-only" || (!hookFile && !pluginFile)) {
    plan.unavailable = declared;
    const none = `${adapter.name} has no hook layer`;
    if (!declared.length) plan.warnings.push(`${none}; nothing is installed for its hooks.`);
    for (const event of declared) plan.warnings.push(`${none}: ${event} never runs there; nothing is installed for it.`);
    return plan;
  }
  const file = pluginFile ? pluginFilePath(adapter, scope, paths, config.id) : locate?.(paths, config.id);
  if (!file) {
    plan.unavailable = declared;
    plan.warnings.push(`${adapter.name} has no ${scope}-scope hook config; try --scope ${scope === "user" ? "project" : "user"}.`);
    return plan;
  }
  plan.file = file;
  const timeoutValue = hookFile?.timeoutUnit === "ms" ? timeout * 1000 : timeout;

  for (const event of declared) {
    const nativeEvent = adapter.events[event];
    if (!nativeEvent) {
      plan.unavailable.push(event);
      plan.warnings.push(`${adapter.name} has no ${event} event: this handler never runs there.`);
      continue;
    }
    const matcher = nativeMatcher(adapter, event, config.hooks![event]!.matcher);
    if (!pluginFile) plan.entries.push({ nativeEvent, matcher: matcher.text, command: hookCommand(adapter.id, event, config.id), timeout: timeoutValue });
    plan.wired.push({ event, nativeEvent, matcher: matcher.mode });
    plan.degradations.push(...degradationsFor(event, adapter.dialect.capabilities));
  }
  if (pluginFile) plan.plugin = pluginSettings(adapter, config, declared.filter((event) => adapter.events[event]));

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
