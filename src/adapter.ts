import type { EventName } from "./events.ts";
import type { Capability, Dialect } from "./dialects/dialect.ts";
import type { PayloadMap } from "./core/payload-map.ts";
import type { ToolVocabulary } from "./tools/vocabulary.ts";

/** user: the host's config in your home; project: in a project; managed: the machine-wide file an organisation deploys (needs administrator rights). */
export type Scope = "user" | "project" | "managed";

/** What an adapter's path functions may look at. */
export interface PathContext {
  home: string;
  env: Record<string, string | undefined>;
  projectDir: string;
  /** For hosts that keep hooks inside an agent definition (Amazon Q): the agent named with `--agent`, else the host's default. */
  agent?: string;
  /**
   * The OS whose machine-wide files to name (process.platform's values): a bundle made here for
   * another OS writes that OS's managed paths into its manifest. Unset: this machine's.
   */
  os?: string;
}

/**
 * The shell a host hands its hook command line to: sh on Linux and macOS (posix); on Windows
 * the host's own choice (src/install/shells.ts renders the binary's path for each).
 */
export type CommandShell = "posix" | "bash" | "cmd" | "powershell";

/** How the host's config file holds hook entries; the name picks a layout in src/host-config/. */
export interface HookFileSpec {
  layout: "nested-matcher-groups" | "flat-entries" | "toml-array-tables" | "json-hook-list" | "yaml-flat-entries";
  /**
   * Key path to the event map inside the file: ["hooks"] for Claude settings, [] for a bare map.
   * toml-array-tables: the array of tables holding one entry each (["hooks"] → `[[hooks]]`);
   * json-hook-list: the JSON array holding one entry each, its event under `entryKeys.event`.
   */
  root: string[];
  /** Unit of the handler's `timeout` field. */
  timeoutUnit: "s" | "ms";
  /** Extra fields on each command handler, e.g. Gemini's `name`. */
  /** `event`: the host's event name; `ours`: the event our command runs (they differ where two share one native event). */
  handlerExtras?: (ctx: { connectorId: string; event: string; ours: string }) => Record<string, unknown>;
  /**
   * flat-entries, toml-array-tables, json-hook-list: the entry's command and timeout keys
   * (Copilot: `bash`, `timeoutSec`; a dot path nests it, Kiro's `action.command`; no timeout key:
   * the host takes none), its fixed `type`, its matcher key (default `matcher`), and
   * (toml-array-tables, json-hook-list) the key naming its event (default `event`).
   */
  entryKeys?: { command: string; timeout?: string; type?: string; matcher?: string; event?: string };
  /** Top-level keys the file must have besides the hooks, added when missing, e.g. `{ version: 1 }`. */
  header?: Record<string, unknown>;
  /**
   * On Windows: the shell the host runs commands with, and (flat entries) the key that holds the
   * Windows command when it is not the usual one (Copilot's `powershell`). Default: cmd.exe, the
   * shell Node's `spawn(…, { shell: true })` uses there.
   */
  windows?: { shell: Exclude<CommandShell, "posix">; commandKey?: string };
  /** One file per connector that only we write (in a hooks directory): uninstall deletes it once it holds no hooks. */
  owned?: boolean;
  /** The host reads one file only, the project's when there is one, else the user's (OpenHands): install warns when a user file is hidden. */
  projectFirst?: boolean;
  /**
   * The hooks live inside an agent definition (Amazon Q): the file is that of the agent named with
   * `--agent`, else of `default`. It is the host's own file: install never creates it, and says
   * which agent it edited.
   */
  agent?: { default: string; missing: (file: string, agent: string) => string };
  scopes: Partial<Record<Scope, (ctx: PathContext, connectorId: string) => string>>;
  /**
   * A file that must follow every change of the hook file (Codex: hook trust in config.toml). It
   * becomes one more edit in the install plan (src/install/edits/), of the kind named here.
   */
  companion?: { kind: "codex-trust"; file: (ctx: PathContext) => string };
}

/** A plugin module the host loads from a folder; src/install/plugin-module/ generates it. */
export interface PluginModuleSpec {
  /** Which glue (src/install/plugin-module/glue/<generator>.ts) the module is generated with. */
  generator: "opencode-v1" | "pi-v1" | "amp-v1" | "openclaw-v1";
  /** The folder the host loads plugin modules from, per scope. */
  folders: Partial<Record<Scope, (ctx: PathContext) => string>>;
  /**
   * The host whose module this one loads (Kilo Code runs Kilo CLI's backend, from the same
   * folders): one file, generated for that host, serves both; it stays while either is installed.
   */
  sharesModuleOf?: string;
  /** The module is the entry of a plugin package the host must also find described and enabled. */
  package?: PluginPackageSpec;
}

/**
 * OpenClaw's native plugin: a folder per plugin (`<folder>/<plugin id>/`) with `index.ts`,
 * `openclaw.plugin.json` (id, config schema) and `package.json` (`openclaw.extensions`), enabled
 * in the host's config file (`plugins.entries.<id>`; added to `plugins.allow` when the user keeps
 * an allowlist). src/install/plugin-module/package.ts renders the files and the registration.
 */
export interface PluginPackageSpec {
  kind: "openclaw";
  /** The host's config file, JSON5 (comments and trailing commas kept). */
  config: (ctx: PathContext) => string;
  /** Hooks that need `plugins.entries.<id>.hooks.allowConversationAccess: true`. */
  conversationHooks: readonly string[];
  /** Hooks the module registers for an event besides the event's own (SessionStart's context: before_prompt_build). */
  alsoRegisters?: Partial<Record<EventName, readonly string[]>>;
}

/**
 * A folder of hook executables, one per event, each named after the host's event (Cline:
 * `~/.cline/hooks/PreToolUse`). Install writes a small launcher per wired event that execs
 * `agent-connector hook …`; src/install/launcher.ts renders it.
 */
export interface HooksFolderSpec {
  /** The folder the host runs hook executables from, per scope. */
  folders: Partial<Record<Scope, (ctx: PathContext) => string>>;
  /** Every file name (event) the host runs from the folder: uninstall looks at each, native hooks must be one. */
  eventFiles: readonly string[];
  /** Where a user's own hook of an event can go so that it keeps running beside our launcher, if anywhere. */
  besideOwn?: (eventFile: string) => string;
  /** The launcher's flavour on Windows, and the file-name suffix the host takes for it (Cline: PowerShell, `.ps1`; Mux: sh, run by bash there too). */
  windows: { flavour: "ps1" | "cmd" | "sh"; suffix: string };
  /**
   * The host's own fixed limit per hook call, in seconds, where no config can change it (Mux: 10,
   * and a hook it kills blocks the tool): the hook answers within it whatever the connector's timeout.
   */
  timeLimit?: number;
  /** The host runs the first of its folders holding a file of that name (the project's, else the user's), not each folder's (Cline). */
  firstFound?: boolean;
}

/**
 * What install writes so that the host runs the connector's hooks: exactly one of these.
 * MCP-server registration, a separate part of a host, sits beside it on the adapter (`mcp`).
 */
export type HookDelivery =
  /** json-stdio: entries in the host's config file that run `agent-connector hook …` per event. */
  | { kind: "hook-file"; file: HookFileSpec }
  /** ts-plugin: a module we generate, which the host loads into its own process. */
  | { kind: "plugin-module"; module: PluginModuleSpec }
  /** json-stdio: one launcher executable per event in the host's hooks folder. */
  | { kind: "hooks-folder"; folder: HooksFolderSpec }
  /** mcp-only: the host has no hook layer. */
  | { kind: "none" }
  /**
   * The host has hooks of a paradigm we build for, but nothing install could write would ever run
   * there (NemoClaw: OpenClaw in a sandbox that sees neither our binary nor the host's plugin
   * folders). Install and explain report `reason` for every declared event and write nothing.
   */
  | { kind: "unavailable"; paradigm: "json-stdio" | "ts-plugin"; reason: string };

/**
 * How a host's MCP config file is written: its root key, entry shape, transports and variable
 * syntax (src/install/mcp/formats.ts implements each once):
 * - "claude": `mcpServers`, `{type: "stdio"|"http"|"sse", …}`, `${VAR}`
 * - "cursor": `mcpServers`, `{command, …, cwd}` / `{url, headers}`, `${env:VAR}`
 * - "copilot": `mcpServers`, `{type: "local"|"http"|"sse", …, tools: ["*"]}`, `${VAR}`
 * - "vscode": `servers`, `{type: "stdio"|"http"|"sse", …}`, `${env:VAR}`
 * - "gemini": `mcpServers`, transport by key (`command` | `httpUrl` | `url`), `${VAR}`
 * - "codex": TOML `[mcp_servers.<name>]`, env forwarded by name (`env_vars`), streamable HTTP only
 * - "opencode": `mcp`, `{type: "local", command: [cmd, …args], environment}` / `{type: "remote", url}`, `{env:VAR}`
 * - "zed": `context_servers`, `{command, args, env}` / `{url, headers}`, no variables
 * - "roo": `mcpServers`, `{command, …, cwd}` / `{type: "streamable-http"|"sse", url}`, `${env:VAR}`
 * - "warp": `mcpServers`, `{command, …, working_directory}` / `{url, headers}`, no variables
 * - "codebuff": `mcpServers`, `{command, args, env}` / `{url, headers}`, whole-value `$VAR`
 * - "plain": `mcpServers`, `{command, args, env}` / `{url, headers}`, no variables
 * - "cline": `mcpServers`, `{command, …, cwd}` / `{type: "streamableHttp"|"sse", url}`, env inherited
 * - "auggie": `mcpServers`, `{command, …, cwd}` / `{type: "http"|"sse", url}`, no variables
 * - "devin": `mcpServers`, `{command, args, env}` / `{transport: "http"|"sse", url}`, `${env:VAR}`
 * - "crush": `mcp`, `{type: "stdio"|"http"|"sse", …}`, `${VAR}`
 * - "grok-build": TOML `[mcp_servers.<name>]`, `{command, args, env}` / `{url, headers}`, `${VAR}`
 * - "kimi": `mcpServers`, `{command, …, cwd}` / `{url, headers}` (`transport: "sse"`), no variables
 * - "grok-cli": `mcp.servers`, an array of `{id, label, enabled, transport, …}`, no variables
 * - "jetbrains": `servers`, `{type: "stdio"|"http"|"sse", …}`, no variables
 * - "windsurf": `mcpServers`, `{command, args, env}` / `{serverUrl, headers}`, `${env:VAR}`
 * - "antigravity": `mcpServers`, `{command, args, env}` / `{serverUrl, headers}`, no variables
 * - "amp": the literal key `"amp.mcpServers"`, `{command, args, env}` / `{url, headers}`, `${VAR}`
 * - "openclaw": `mcp.servers`, `{command, args, env}` / `{url, headers}`, no variables
 * - "goose": YAML `extensions.<name>`, `{type: "stdio", cmd, args, envs, env_keys}` / `{type: "streamable_http", uri}`, by name
 * - "hermes": YAML `mcp_servers.<name>`, `{command, args, env}` / `{url, headers}`, no variables
 * - "vibe": TOML `[[mcp_servers]]` with `name` and `transport`, no variables
 * - "mux": `servers`, a stdio server as one bash command line / `{transport, url, headers}`, `${VAR}` in env
 */
export type McpFormatId =
  | "claude"
  | "cursor"
  | "copilot"
  | "vscode"
  | "gemini"
  | "codex"
  | "opencode"
  | "zed"
  | "roo"
  | "warp"
  | "codebuff"
  | "plain"
  | "cline"
  | "auggie"
  | "devin"
  | "crush"
  | "grok-build"
  | "kimi"
  | "grok-cli"
  | "jetbrains"
  | "windsurf"
  | "antigravity"
  | "amp"
  | "openclaw"
  | "goose"
  | "hermes"
  | "vibe"
  | "mux";

/**
 * Where a host reads MCP servers at one scope: a file (several candidates: the first that exists,
 * else the first), or, where the host keeps the list in its UI only, where to add them there.
 */
export type McpLocation = ((ctx: PathContext) => string | readonly string[]) | { ui: string };

/** The host's MCP-server registration: install writes the connector's `mcpServers` there. */
export interface McpSpec {
  format: McpFormatId;
  scopes: Partial<Record<Scope, McpLocation>>;
  /** The name the model sees for a server's tool, `{server}` and `{tool}` replaced, e.g. "mcp__{server}__{tool}". */
  toolName: string;
}

/** The paradigm each kind of delivery means, in reports and `explain`. */
export const PARADIGM = { "hook-file": "json-stdio", "hooks-folder": "json-stdio", "plugin-module": "ts-plugin", none: "mcp-only" } as const;
export type Paradigm = (typeof PARADIGM)[keyof typeof PARADIGM];

/** Another host's hook files this host also executes, so a handler installed there runs here too. */
export interface AlsoRuns<HostRef extends string = string> {
  /** The other host's id; adapters/index.ts checks at compile time that it names a known host. Hosts that run the same file are tried in adapters/hosts.ts order. */
  platform: HostRef;
  /** The scopes of that host's files that this host reads. */
  scopes: readonly Scope[];
  /** The condition, in words, e.g. "in trusted folders". */
  when?: string;
}

/**
 * One payload field a host hands over in environment variables instead of stdin: the first of
 * `vars` that is set; `json`: it holds JSON; `file`: variables naming a file that holds the value
 * when the variable is unset or holds a placeholder (`__…_FILE__`, Mux's for a large value).
 */
export interface EnvField {
  vars: readonly string[];
  json?: boolean;
  file?: readonly string[];
}

/** Where the host puts the payload: stdin JSON (default), or environment variables gathered into one object. */
export type HookInput = { kind: "stdin" } | { kind: "env"; fields: Readonly<Record<string, EnvField>> };

/** Event names, payload and dialect: how a host speaks on one kind of hook file. */
export interface HookContract {
  /** Normalized event → the host's native event name; an absent event is unavailable on the host. */
  events: Partial<Record<EventName, string>>;
  /** Where each normalized field lives in the host's payload. */
  payload: PayloadMap;
  /** How replies are rendered and which response fields the host honours per event. */
  dialect: Dialect;
  /** A guest contract's tool names where they are not the host's own (Copilot CLI maps its tools to Claude's names in Claude's files). */
  tools?: ToolVocabulary;
}

/**
 * One host setting that decides whether our hooks run, as data with its source. Switches with the
 * same key are one setting read from several files, listed from the lowest precedence to the
 * highest: the last file that sets the key decides (unless `apart`).
 */
export interface HookSwitch {
  /** "user" and "system" files count for every install; a "project" file only for that project's install. */
  layer: "user" | "project" | "system";
  file: (ctx: PathContext) => string;
  format: "json" | "toml";
  /** The key path inside the file (`["features", "hooks"]`: `[features] hooks`). */
  key: readonly string[];
  /**
   * The value that silences our hooks ("off", "shadows") or that they need ("gate");
   * "our-hook-names": the key lists names of hooks the host skips (every layer's list counts), and
   * ours are the names install gives them (`handlerExtras` `name`).
   */
  value: boolean | "our-hook-names";
  /**
   * "off": the host runs none of the hooks of the scopes in `affects`. "shadows": it runs only
   * hooks of another layer (managed), so ours at those scopes are skipped. "gate": some versions
   * run hooks only when it holds `value`; reported at install, never counted as inactive.
   */
  effect: "off" | "shadows" | "gate";
  /** The install scopes it silences (default: user and project). */
  affects?: readonly Scope[];
  /** The host reads this file's key on its own, not merged with the other layers' (Claude Code's managed settings). */
  apart?: true;
  /** An environment variable that sets it too ("true"), for "gate". */
  env?: string;
  /** What it does, after "<setting> in <file>": "switches off every hook outside managed settings". */
  does: string;
  /** Where the host documents it (its docs page or source file). */
  source: string;
}

/** One check of an adapter's facts against the host. */
export interface VerifiedAgainst {
  /** The host's version; absent for docs that name none. */
  version?: string;
  /** A run of the real program (ours: test/hosts; a third party's: its report), its source read, or its docs. */
  by: "real run" | "third-party run" | "source" | "docs";
  /** When: YYYY-MM-DD, or YYYY-MM where only the month is known. */
  on: string;
  /** What the check covered or missed, when it matters ("fixtures only", "against a mock of its backend"). */
  note?: string;
}

/** A host, described as data: what one file in adapters/ declares. */
export interface AdapterSpec<Id extends string = string, HostRef extends string = string> extends HookContract {
  id: Id;
  name: string;
  /** Where the facts in this file come from. */
  sources: readonly string[];
  /**
   * How the host expresses matchers natively; "none" means every call reaches us and we match.
   * "claude-regex": plain names and `a|b` lists compared exactly, anything else an unanchored regex;
   * "anchored-regex": the host anchors it itself;
   * "search-regex": a JavaScript regex the host finds anywhere in the name (written anchored);
   * "search-name-list": the host's regex is another flavour (Python, Go) found anywhere in the
   * name, so only plain `a|b` lists are written (anchored), other patterns match at run time.
   */
  nativeMatcher: "claude-regex" | "anchored-regex" | "name-list" | "search-regex" | "search-name-list" | "none";
  /**
   * The events whose matcher the host applies (default: the tool and subagent events). A host
   * that matches the source, reason, trigger or notification type as we do lists those events too.
   */
  nativeMatcherEvents?: readonly EventName[];
  /**
   * Calls the host makes under an event's name that are not that event, recognised by top-level
   * payload values (Qwen's UserPromptSubmit with prompt "" after a tool result): no opinion, no handler.
   * A list of values means any of them (Mistral Vibe's post_tool, PostToolUse only for `tool_status: "success"`).
   */
  spurious?: Partial<Record<EventName, Record<string, unknown>>>;
  /**
   * What a capability the host does honour costs there, in words for install reports and `explain`
   * (Cline: a deny ends the whole run). Reported as a degradation of that capability.
   */
  caveats?: Partial<Record<EventName, Partial<Record<Capability, string>>>>;
  /**
   * The host's tools by portable kind (shell, read, write, edit, search, fetch, task) and where
   * each kind's fields sit in their input (src/tools/vocabulary.ts), or why they are unknown.
   * Every hook host declares it: `@kind` matchers, the handler's `tool` view and `updatedTool`
   * rewrites come from it, and a matcher reaching none of these tools is warned about.
   */
  tools?: ToolVocabulary;
  /** How a host treats a hook file with one invalid entry, for doctor: "file" = it ignores the whole file. */
  invalidEntrySkips?: "file";
  /** Where the host puts the payload (default: JSON on stdin). */
  input?: HookInput;
  /** Whether platforms.<id>.nativeHooks can declare host-only events. */
  nativeHooks: boolean;
  /**
   * The host-only event names it accepts, where a name it does not know breaks its whole config
   * (Kimi): a native hook of another name is not installed. Absent: any name is written.
   */
  nativeEvents?: readonly string[];
  /** What a user must know about a wired event beyond the degradations (Grok CLI: PreToolUse fires for bash only). */
  eventNotes?: Partial<Record<EventName, string>>;
  /**
   * The host's own fixed limit, in seconds, for the hooks of some of its events (by the host's event
   * name), whatever the timeout written for them (Codex: SessionEnd and Interrupt, 3 s): the call's
   * budget is cut to fit, so a slower handler fails open (and is recorded) before the host kills it.
   */
  eventTimeLimits?: Readonly<Record<string, number>>;
  /**
   * Events the host splits into several native events, one per kind of tool (Windsurf's pre-hooks):
   * native event → the tool name it stands for, or null for any other name (MCP tools). Install
   * writes an entry under each the matcher can match, all calling the normalized event; `events`
   * names the first.
   */
  fanOut?: Partial<Record<EventName, Readonly<Record<string, string | null>>>>;
  /** What install writes for the hooks. */
  hooks: HookDelivery;
  /**
   * What the user must know after install beyond events and degradations (a review step the host
   * requires before new hooks run, a verification limit), reported by install and `explain`; per
   * scope when it concerns one scope only.
   */
  notice?: string | Partial<Record<Scope, string>>;
  /**
   * The host's own settings that switch its hooks off, let only managed ones run, or (some
   * versions) must be on before any hook runs: install warns, `status` and `doctor` report an
   * install they silence as inactive (src/install/host-switches.ts). Never set by us.
   */
  hookSwitches?: readonly HookSwitch[];
  /**
   * The host's machine-wide hook layer, for a host with a `managed` scope (install --scope managed,
   * docs/hosts.md's managed table): how the host combines its hooks with the user's and projects'
   * (`merge`), and where that is documented. Its lock is the system `hookSwitches` entry that
   * shadows the other layers, if any (src/install/managed/locks.ts).
   */
  managedLayer?: { merge: string; source: string };
  /**
   * What the host itself does when our hook process cannot answer at all (the binary missing, a
   * crash, the host's own timeout), for a definition that fails closed (`onFailure: "deny"`).
   * `entry`: keys install adds to that handler's entry so that the host blocks then (Claude Code
   * `onFailure: "block"`, Cursor `failClosed`); `events`: the native events they work on (default
   * all); `covers`: what the host then does, in words; `source`: where that is documented. Absent:
   * the host lets the tool run whenever our process cannot answer (explain and install say so).
   */
  hostFailClosed?: { entry?: Record<string, unknown>; events?: readonly string[]; covers: string; source: string };
  /** Where install registers the connector's MCP servers; absent: the host takes none we can write. */
  mcp?: McpSpec;
  /** Signs that the host is installed on this machine. */
  detect: { dirs: (ctx: PathContext) => string[]; bins: readonly string[] };
  /**
   * The host versions this file was checked against, oldest first: a run of the real program
   * (test/hosts), its source read, or its docs read on a day (docs name no version, often).
   * `doctor` compares the installed host's version with them; `explain --json` shows them.
   */
  verified: readonly VerifiedAgainst[];
  /**
   * How `doctor` reads the installed host's version without running it where it can: the npm
   * package its program comes from (read from that package's package.json), else the program
   * (`detect.bins[0]`) run with `--version`. Absent: the host has no cheap way to tell.
   */
  version?: { npm?: string; run?: true };
  /** Other hosts' hook files this host executes too (double firing; warned about at install). */
  alsoRuns?: readonly AlsoRuns<HostRef>[];
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
  guest?: HookContract;
}

export type Adapter<Id extends string = string, HostRef extends string = string> = AdapterSpec<Id, HostRef> & { readonly paradigm: Paradigm };

/** Keeps the literal id (host ids are a type, adapters/index.ts) and derives the paradigm from the delivery. */
export const defineAdapter = <const Id extends string, const HostRef extends string = never>(spec: AdapterSpec<Id, HostRef>): Adapter<Id, HostRef> => ({
  ...spec,
  paradigm: spec.hooks.kind === "unavailable" ? spec.hooks.paradigm : PARADIGM[spec.hooks.kind],
});
