import type { Adapter, PathContext, Paradigm, Scope } from "../adapter.ts";
import { noManagedLayer } from "./managed/no-layer.ts";
import { EVENT_NAMES, MATCHER_TARGET, type ConnectorConfig, type EventName, type MatcherTarget } from "../events.ts";
import { unsentTargetWarning } from "./unsent-target.ts";
import { degradationsFor, extrasSummary, responseCapabilities, type Degradation, type ExtraSupport } from "../core/resolve.ts";
import { isPlainNameList, parseToolMatcher, toolMatcherTest } from "../core/matcher.ts";
import { hostMatcher, pathlessWrites, unreachable } from "../core/host-matcher.ts";
import { kindOf, type ToolContext } from "../tools/view.ts";
import { unplacedFields } from "../tools/rewrite.ts";
import { allToolNames } from "../tools/vocabulary.ts";
import { ADAPTERS } from "../../adapters/index.ts";
import type { HookResponse } from "../events.ts";
import { deliveredFile, installEdits, uninstallEdits, type Wiring } from "./deliveries.ts";
import type { FileEdit } from "./edits/index.ts";
import { planMcp, type McpOwners, type McpPlan } from "./mcp/plan.ts";
import { agentOfFile } from "../host-config/agent-file.ts";
import { failsClosed } from "../core/on-failure.ts";
import { hostSwitchWarnings } from "./host-switches.ts";

/** Which part of a connector to install: its hooks, its MCP servers, or both (default). */
export type Part = "hooks" | "mcp";

export interface PlanOptions {
  only?: Part;
  /** Which MCP servers of a file the registry records as whose. */
  mcpOwners?: McpOwners;
  /** The config's file: commands written to a managed (system) scope name it, other users' registries do not know it. */
  configPath?: string;
  /** The binary managed hook commands call (the system copy, src/install/managed/layout.ts). */
  binary?: readonly string[];
}
import type { Capability } from "../dialects/dialect.ts";

export type MatcherMode = "native" | "runtime" | "all";

/** `certain`: a fixed response (JSON config) produces it; otherwise only a handler returning it would. */
export type PlannedDegradation = Degradation & { certain: boolean };

export interface WiredEvent {
  event: string;
  nativeEvent: string;
  matcher: MatcherMode;
  native?: boolean;
}

/** What a connector becomes on one host: the file edits to make and everything that degrades. */
export interface HostPlan {
  platform: string;
  name: string;
  paradigm: Paradigm;
  scope: Scope;
  file?: string;
  wired: WiredEvent[];
  unavailable: EventName[];
  /** What the connector's responses would become here: for a fixed response exactly, for a handler every case. */
  degradations: PlannedDegradation[];
  /** For handlers: which of halt, systemMessage, suppressOutput the host does not honour on every wired event (a fixed response's are degradations). */
  extras: ExtraSupport[];
  warnings: string[];
  /** The warnings about tool matchers that reach no tool there (also in `warnings`). */
  matcherWarnings: string[];
  /** platforms.<id>.nativeHooks that are not installed, and why (the host takes none, or not that name). */
  nativeSkipped: { event: string; reason: string }[];
  /** The hooks part, in order: the host's file first, then the files that follow it. */
  edits: FileEdit[];
  /** The MCP part: the connector's servers on this host (its edit comes after `edits`). */
  mcp?: McpPlan;
}

/** Every edit of a plan, hooks then MCP, as one list for apply. */
export const planEdits = (plan: HostPlan): FileEdit[] => [...plan.edits, ...(plan.mcp?.edit ? [plan.mcp.edit] : [])];

const NO_OWNERS: McpOwners = () => ({ ours: [], others: [] });

/** A host's tools, for matchers: its vocabulary and its MCP naming. */
const toolsOf = (adapter: Adapter): ToolContext => ({ tools: adapter.tools, mcpName: adapter.mcp?.toolName });

/**
 * The hosts whose tool calls reach a file written for `adapter` at `scope`: the host itself, then
 * every host that runs that file too (adapter `alsoRuns`), each sending its own tool names.
 */
const toolHostsOf = (adapter: Adapter, scope: Scope): ToolContext[] => [
  toolsOf(adapter),
  // A guest sends the names of its guest contract where it has them (Copilot CLI: Claude's names).
  ...guestsOf(adapter, scope).map((host) => ({ ...toolsOf(host), tools: host.guest?.tools ?? host.tools })),
];

/** The other hosts that run a file written for `adapter` at `scope` (adapter `alsoRuns`). */
const guestsOf = (adapter: Adapter, scope: Scope): Adapter[] =>
  ADAPTERS.filter((host) => host.alsoRuns?.some((also) => also.platform === adapter.id && also.scopes.includes(scope)));

/**
 * Whether every host that runs the file and applies matchers sends `field` in our words (no
 * `values` to translate): a native matcher on it then means the same there. Copilot CLI sends
 * source "new" in Claude's project files; VS Code, which does too, applies no matcher.
 */
const ourWordsEverywhere = (adapter: Adapter, scope: Scope, field: MatcherTarget): boolean =>
  [adapter, ...guestsOf(adapter, scope).filter((host) => host.nativeMatcher !== "none")]
    .map((host) => (host === adapter ? host.payload : (host.guest?.payload ?? host.payload)))
    .every((map) => !map[field]?.values);

/**
 * Our matcher matches the whole name; Claude-style hosts compare plain names and `a|b` lists
 * exactly and treat anything else as an unanchored regex, so that gets anchored explicitly.
 * Hosts that anchor it themselves get it verbatim, name-list hosts only plain `a|b` lists.
 * `@kind`s become the host's own tool names first (src/core/host-matcher.ts).
 * Elsewhere every call reaches us and the runtime matches (it always checks again anyway).
 */
/** Whether the host applies an event's matcher itself (the tool and subagent events unless its adapter lists others). */
export function appliesMatcher(adapter: Adapter, event: EventName): boolean {
  const target = MATCHER_TARGET[event];
  if (!target || adapter.nativeMatcher === "none") return false;
  return adapter.nativeMatcherEvents?.includes(event) ?? (target === "toolName" || target === "agentType");
}

function nativeMatcher(adapter: Adapter, event: EventName, matcher: string | undefined, scope: Scope): { text?: string; mode: MatcherMode } {
  const target = MATCHER_TARGET[event];
  if (!matcher || matcher === "*" || !target) return { mode: "all" };
  // Matchers on the session's source, reason, trigger or notification type: only where the host says
  // it applies them, and every host that runs the file sends that field in our words.
  const lifecycle = target !== "toolName" && target !== "agentType";
  const nativeHere = adapter.nativeMatcherEvents?.includes(event) ?? !lifecycle;
  if (!nativeHere || (lifecycle && !ourWordsEverywhere(adapter, scope, target))) return { mode: "runtime" };
  if (MATCHER_TARGET[event] === "toolName") {
    const rendered = hostMatcher(matcher, toolHostsOf(adapter, scope));
    if (rendered === undefined) return { mode: "runtime" };
    matcher = rendered;
  }
  const plain = isPlainNameList(matcher);
  if (adapter.nativeMatcher === "claude-regex") return { text: plain ? matcher : `^(?:${matcher})$`, mode: "native" };
  if (adapter.nativeMatcher === "anchored-regex" || (adapter.nativeMatcher === "name-list" && plain)) return { text: matcher, mode: "native" };
  if (adapter.nativeMatcher === "search-regex" || (adapter.nativeMatcher === "search-name-list" && plain)) return { text: `^(?:${matcher})$`, mode: "native" };
  return { mode: "runtime" };
}

/**
 * What install, explain and doctor say when a tool matcher cannot run on a host: it reaches none
 * of the host's tools (a plain name, a regex or a kind: docs/cli.md's `Bash` on Copilot CLI, whose
 * tool is `bash`), or it names kinds on a host whose tools are unknown. A guard that silently
 * never runs is the worst failure: every host, every tool event.
 */
export function toolMatcherWarnings(adapter: Adapter, event: EventName, matcher: string | undefined): string[] {
  if (MATCHER_TARGET[event] !== "toolName" || !matcher || matcher === "*") return [];
  const host = { ...toolsOf(adapter), name: adapter.name };
  const warnings: string[] = [];
  const { kinds } = parseToolMatcher(matcher);
  const named = kinds.filter((kind) => kind !== "mcp");
  if (named.length && (!adapter.tools || "unknown" in adapter.tools)) {
    const why = adapter.tools && "unknown" in adapter.tools ? ` (${adapter.tools.unknown})` : "";
    warnings.push(
      `${adapter.name} ${event}: ${adapter.name}'s tool names are unknown${why}, so ${named.map((k) => `@${k}`).join(", ")} in the matcher "${matcher}" ${named.length > 1 ? "match" : "matches"} none of its tools: this handler never runs there for them. Name its tools in the matcher (a regex) if you know them.`,
    );
  }
  const never = unreachable(matcher, host);
  if (never) warnings.push(`${adapter.name} ${event}: ${never}`);
  return warnings;
}

/** A fixed `updatedTool` (JSON config): the fields that some tool the matcher reaches has no place for. */
function rewriteWarnings(adapter: Adapter, event: EventName, matcher: string | undefined, response: HookResponse): string[] {
  const tools = toolsOf(adapter);
  const test = toolMatcherTest(matcher);
  const reached = allToolNames(adapter.tools).filter((name) => !test || test(name, () => kindOf(tools, name)));
  return Object.entries(unplacedFields(tools, reached, response.updatedTool!)).map(
    ([field, names]) => `${adapter.name} ${event}: updatedTool.${field} has no place in the input of ${names!.join(", ")}; there the original value is kept.`,
  );
}

/**
 * The native events of a fanned-out event (adapter `fanOut`) that the matcher can reach: those whose
 * tool name it matches, and the catch-all one (MCP tools) unless it names known tools only. Windsurf
 * has no matchers of its own: this keeps a `run_command` handler off every file read.
 */
function fannedOut(adapter: Adapter, event: EventName, matcher: string | undefined): string[] | undefined {
  const fan = adapter.fanOut?.[event];
  if (!fan) return undefined;
  const test = toolMatcherTest(matcher);
  const known = Object.values(fan).filter((tool): tool is string => tool !== null);
  const parsed = matcher === undefined ? undefined : parseToolMatcher(matcher);
  const onlyKnown =
    parsed?.kinds.every((kind) => kind !== "mcp" && kind !== "other") &&
    (parsed.rest === undefined || (isPlainNameList(parsed.rest) && parsed.rest.split("|").every((name) => known.includes(name))));
  const tools = toolsOf(adapter);
  return Object.entries(fan)
    .filter(([, tool]) => !test || (tool === null ? !onlyKnown : test(tool, () => kindOf(tools, tool))))
    .map(([name]) => name);
}

/** What the user must know about the host's hooks at `scope` (adapter `notice`). */
export const noticeFor = (adapter: Adapter, scope: Scope): string | undefined =>
  typeof adapter.notice === "string" ? adapter.notice : adapter.notice?.[scope];

/** Whether the host has hooks at `scope` (explain plans a host without it for its other scope). */
export const hasScope = (adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): boolean =>
  deliveredFile(adapter, scope, paths, connectorId) !== undefined;

/** `invocations`: how our hook commands start (src/install/command-line.ts `knownInvocations`). */
export function planHost(
  adapter: Adapter,
  config: ConnectorConfig,
  scope: Scope,
  paths: PathContext,
  invocations: readonly string[],
  options: PlanOptions = {},
): HostPlan {
  const plan: HostPlan = {
    platform: adapter.id,
    name: adapter.name,
    paradigm: adapter.paradigm,
    scope,
    wired: [],
    unavailable: [],
    degradations: [],
    extras: [],
    warnings: [],
    matcherWarnings: [],
    nativeSkipped: [],
    edits: [],
  };
  if (options.only !== "hooks") plan.mcp = planMcp(adapter, config, scope, paths, options.mcpOwners ?? NO_OWNERS);
  // A connector of MCP servers alone leaves the hook files alone.
  const mcpAlone = !config.hooks && !config.platforms && config.mcpServers;
  if (options.only !== "mcp" && !mcpAlone) planHooks(plan, adapter, config, scope, paths, invocations, options);
  return plan;
}

function planHooks(
  plan: HostPlan,
  adapter: Adapter,
  config: ConnectorConfig,
  scope: Scope,
  paths: PathContext,
  invocations: readonly string[],
  { configPath, binary }: PlanOptions = {},
): void {
  const declared = EVENT_NAMES.filter((event) => config.hooks?.[event]);

  if (adapter.hooks.kind === "unavailable") {
    plan.unavailable = declared;
    plan.warnings.push(
      `${adapter.name} cannot run agent-connector hooks: ${adapter.hooks.reason} Nothing is installed for ${declared.length ? declared.join(", ") : "its hooks"}.`,
    );
    return;
  }
  if (adapter.hooks.kind === "none") {
    plan.unavailable = declared;
    const none = `${adapter.name} has no hook layer`;
    if (!declared.length) plan.warnings.push(`${none}; nothing is installed for its hooks.`);
    for (const event of declared) plan.warnings.push(`${none}: ${event} never runs there; nothing is installed for it.`);
    return;
  }
  const file = deliveredFile(adapter, scope, paths, config.id);
  if (!file) {
    plan.unavailable = declared;
    plan.warnings.push(
      scope === "managed"
        ? noManagedLayer(adapter)
        : `${adapter.name} has no ${scope}-scope hook config; try --scope ${scope === "user" ? "project" : "user"}.`,
    );
    return;
  }
  plan.file = file;
  const notice = noticeFor(adapter, scope);
  if (notice) plan.warnings.push(notice);
  const agent = adapter.hooks.kind === "hook-file" ? adapter.hooks.file.agent : undefined;
  if (agent)
    plan.warnings.push(
      `${adapter.name}: the hooks go into the agent "${agentOfFile(file)}"${paths.agent ? "" : " (the default; name another with --agent <name>)"}; they run only while that agent is active.`,
    );
  plan.warnings.push(...hostSwitchWarnings(adapter, scope, paths, config.id));

  const wiring: Wiring[] = [];
  for (const event of declared) {
    const nativeEvent = adapter.events[event];
    if (!nativeEvent) {
      plan.unavailable.push(event);
      plan.warnings.push(`${adapter.name} has no ${event} event: this handler never runs there.`);
      continue;
    }
    const matcher = nativeMatcher(adapter, event, config.hooks![event]!.matcher, scope);
    const natives = fannedOut(adapter, event, config.hooks![event]!.matcher) ?? [nativeEvent];
    const failClosed = failsClosed(config, { event });
    for (const name of natives) wiring.push({ event, nativeEvent: name, matcherText: matcher.text, native: false, failClosed });
    plan.wired.push({ event, nativeEvent: natives.join(", "), matcher: matcher.mode });
    const fixed = (config.hooks![event] as { response?: HookResponse }).response;
    if (fixed?.updatedTool) plan.warnings.push(...rewriteWarnings(adapter, event, config.hooks![event]!.matcher, fixed));
    const produced = fixed ? responseCapabilities(fixed) : undefined;
    plan.degradations.push(
      ...degradationsFor(event, adapter.dialect.capabilities, adapter.dialect, Boolean(fixed))
        .filter((d) => !produced || produced.includes(d.from))
        .map((d) => ({ ...d, certain: Boolean(fixed) })),
    );
    const unsent = unsentTargetWarning(adapter, event, config.hooks![event]!.matcher);
    const matcherWarnings = [...toolMatcherWarnings(adapter, event, config.hooks![event]!.matcher), ...(unsent ? [unsent] : [])];
    plan.warnings.push(...matcherWarnings);
    plan.matcherWarnings.push(...matcherWarnings);
    const pathless =
      MATCHER_TARGET[event] === "toolName" && config.hooks![event]!.matcher
        ? pathlessWrites(config.hooks![event]!.matcher!, { ...toolsOf(adapter), name: adapter.name })
        : undefined;
    if (pathless) plan.warnings.push(`${adapter.name} ${event}: ${pathless}`);
    for (const [from, to] of Object.entries(adapter.caveats?.[event] ?? {})) plan.degradations.push({ event, from: from as Capability, to, certain: true });
    const note = adapter.eventNotes?.[event];
    if (note) plan.warnings.push(`${adapter.name} ${event}: ${note}`);
  }
  // What a handler may return besides a decision, summed up per host (a fixed response's are degradations above).
  const handled = plan.wired.map((w) => w.event as EventName).filter((event) => !(config.hooks![event] as { response?: HookResponse }).response);
  if (handled.length) plan.extras = extrasSummary(handled, adapter.dialect);
  for (const [nativeEvent, hook] of Object.entries(config.platforms?.[adapter.id]?.nativeHooks ?? {})) {
    const skip = (reason: string, warning: string) => {
      plan.nativeSkipped.push({ event: nativeEvent, reason });
      plan.warnings.push(warning);
    };
    if (!adapter.nativeHooks) {
      skip("the host takes no native hooks", `${adapter.name} does not take native hooks; nativeHooks.${nativeEvent} is ignored.`);
      continue;
    }
    if (adapter.nativeEvents && !adapter.nativeEvents.includes(nativeEvent)) {
      // Such a host rejects its whole config over one unknown event name: never write one.
      const known = `it knows ${adapter.nativeEvents.join(", ")}`;
      skip(`no such event (${known})`, `${adapter.name} has no ${nativeEvent} event (${known}); nativeHooks.${nativeEvent} is not installed.`);
      continue;
    }
    // A hooks folder holds one file per event name: a native hook needs a name the host runs, and a free one.
    if (
      adapter.hooks.kind === "hooks-folder" &&
      (!adapter.hooks.folder.eventFiles.includes(nativeEvent) || wiring.some((w) => w.nativeEvent === nativeEvent))
    ) {
      const why = wiring.some((w) => w.nativeEvent === nativeEvent)
        ? `its ${nativeEvent} file already runs a normalized event`
        : `it runs no hook file named ${nativeEvent} (only ${adapter.hooks.folder.eventFiles.join(", ")})`;
      plan.warnings.push(`${adapter.name}: ${why}; nativeHooks.${nativeEvent} is ignored.`);
      continue;
    }
    wiring.push({
      event: nativeEvent,
      nativeEvent,
      matcherText: hook.matcher,
      native: true,
      failClosed: failsClosed(config, { platform: adapter.id, native: nativeEvent }),
    });
    plan.wired.push({ event: nativeEvent, nativeEvent, matcher: hook.matcher ? "native" : "all", native: true });
  }
  plan.edits = installEdits({ adapter, scope, paths, file, connectorId: config.id, invocations, configPath, binary }, config, wiring);
}

/** The edits that take a connector out of one host file (recorded at install, or located now). */
export const planUninstall = (
  adapter: Adapter,
  connectorId: string,
  scope: Scope,
  file: string,
  paths: PathContext,
  invocations: readonly string[],
): FileEdit[] => uninstallEdits({ adapter, scope, paths, file, connectorId, invocations });

export { deliveredFile };
