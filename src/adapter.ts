import type { EventName } from "./events.ts";
import type { Dialect } from "./dialects/dialect.ts";
import type { PayloadMap } from "./core/payload-map.ts";

export type Paradigm = "json-stdio" | "ts-plugin" | "mcp-only";
export type Scope = "user" | "project";

/** What an adapter's path functions may look at. */
export interface PathContext {
  home: string;
  env: Record<string, string | undefined>;
  projectDir: string;
}

/** How the host's config file holds hook entries; the name picks a layout in src/host-config/. */
export interface HookFileSpec {
  layout: "nested-matcher-groups" | "flat-entries";
  /** Key path to the event map inside the file: ["hooks"] for Claude settings, [] for a bare map. */
  root: string[];
  /** Unit of the handler's `timeout` field. */
  timeoutUnit: "s" | "ms";
  /** Extra fields on each command handler, e.g. Gemini's `name`. */
  handlerExtras?: (ctx: { connectorId: string; event: string }) => Record<string, unknown>;
  /** flat-entries: the entry's command and timeout keys (Copilot: `bash`, `timeoutSec`) and its fixed `type`. */
  entryKeys?: { command: string; timeout: string; type?: string };
  /** Top-level keys the file must have besides the hooks, added when missing, e.g. `{ version: 1 }`. */
  header?: Record<string, unknown>;
  /** One file per connector that only we write (in a hooks directory): uninstall deletes it once it holds no hooks. */
  owned?: boolean;
  scopes: Partial<Record<Scope, (ctx: PathContext, connectorId: string) => string>>;
  /**
   * A file that must follow every change of the hook file (Codex: hook trust in config.toml);
   * `kind` picks the implementation in src/host-config/after-write.ts (install-time code, kept
   * off the hook path). apply.ts commits it with the hook file, diffs it on --dry-run and gives
   * back its original bytes on uninstall.
   */
  afterWrite?: { kind: "codex-trust"; file: (ctx: PathContext) => string };
}

/** A plugin module the host loads from a folder; src/plugin/generate.ts names and writes it. */
export interface PluginFileSpec {
  /** Which module source in src/plugin/ the file is generated from. */
  generator: "opencode-v1";
  /** The folder the host loads plugin modules from, per scope. */
  folders: Partial<Record<Scope, (ctx: PathContext) => string>>;
}

export interface AfterWriteContext {
  paths: PathContext;
  scope: Scope;
  /** The hook file's text before and after this change; null = no file. */
  before: string | null;
  after: string | null;
  /** Recognises the handlers any connector of ours wrote for this host. */
  isOurs: (command: string) => boolean;
}

/** What an `afterWrite` implementation computes; it throws HostConfigError when the file cannot be read safely. */
export interface CompanionChange {
  file: string;
  before: string | null;
  /** null = remove the file. */
  after: string | null;
  /** Whether entries of ours remain in it; only when none do may uninstall restore its original bytes. */
  oursRemain: boolean;
  /** What changed, for people (notes) and scripts (details). */
  notes: string[];
  details?: Record<string, unknown>;
  warnings: string[];
  /** What the user has to do when the file cannot be written. */
  manualSteps: string;
}

export interface Adapter {
  id: string;
  name: string;
  paradigm: Paradigm;
  /** Where the facts in this file come from. */
  sources: string[];
  /** Normalized event → the host's native event name; an absent event is unavailable on the host. */
  events: Partial<Record<EventName, string>>;
  /** Where each normalized field lives in the host's payload. */
  payload: PayloadMap;
  /** How replies are rendered and which response fields the host honours per event. */
  dialect: Dialect;
  /** How the host expresses matchers natively; "none" means every call reaches us and we match. */
  nativeMatcher: "claude-regex" | "anchored-regex" | "name-list" | "none";
  /** The events whose matcher the host applies (default: every event with a matcher target). */
  nativeMatcherEvents?: readonly EventName[];
  /**
   * Calls the host makes under an event's name that are not that event, recognised by top-level
   * payload values (Qwen's UserPromptSubmit with prompt "" after a tool result): no opinion, no handler.
   */
  spurious?: Partial<Record<EventName, Record<string, unknown>>>;
  /** Whether platforms.<id>.nativeHooks can declare host-only events. */
  nativeHooks: boolean;
  hookFile?: HookFileSpec;
  /** ts-plugin hosts: the module we generate for the host to load, instead of a hook file. */
  pluginFile?: PluginFileSpec;
  /** Signs that the host is installed on this machine. */
  detect: { dirs: (ctx: PathContext) => string[]; bins: string[] };
  /** Other hosts' hook files this host executes too (double firing; warned about at install). */
  alsoRuns?: readonly AlsoRuns[];
  /**
   * Signs that this host made a hook call: an env var it sets, a payload key only it sends. Every
   * kind given must match: an env var alone can leak into a shell the user starts from the host.
   */
  marker?: {
    env?: readonly string[];
    payloadKeys?: readonly string[];
    /** Keys that mark the host only together (VS Code's snake_case spelling: hook_event_name + timestamp). */
    payloadKeysTogether?: readonly string[];
  };
  /** Event names, payload and dialect this host uses when it runs another host's file (default: its own). */
  guest?: Pick<Adapter, "events" | "payload" | "dialect">;
}

/** Another host's hook files this host also executes, so a handler installed there runs here too. */
export interface AlsoRuns {
  platform: string;
  /** The scopes of that host's files that this host reads. */
  scopes: readonly Scope[];
  /** The condition, in words, e.g. "in trusted folders". */
  when?: string;
}

export const defineAdapter = (adapter: Adapter): Adapter => adapter;
