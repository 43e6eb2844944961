import type { HookFileSpec, PathContext, Scope } from "../../adapter.ts";
import type { HookEntry } from "../../host-config/replace-entries.ts";
import type { ServerEntry } from "../../host-config/server-map.ts";
import type { McpFormatId } from "../../adapter.ts";
import type { LauncherFlavour } from "../launcher.ts";

interface EditBase {
  file: string;
  /**
   * A file that follows another (Codex's trust in config.toml follows hooks.json): it gets its
   * original bytes back only when that file did, and a failure to write it becomes a warning
   * with the steps to do by hand instead of an error.
   */
  follows?: string;
}

/** Our command entries in a host's hook config file (install: exactly `entries`; uninstall: none). */
export interface HookEntriesEdit extends EditBase {
  kind: "hook-entries";
  platform: string;
  connectorId: string;
  spec: HookFileSpec;
  entries: HookEntry[];
  /** How our commands start (src/install/command-line.ts): only those are ours. */
  invocations: readonly string[];
}

/** A generated plugin module, ours alone: written whole, or removed (`module: null`, and on uninstall). */
export interface PluginModuleEdit extends EditBase {
  kind: "plugin-module";
  connectorId: string;
  module: string | null;
}

/**
 * One event's launcher in a host's hooks folder (src/install/launcher.ts). `wired`: what this
 * connector needs there, or null when it needs none (then it leaves the launcher: the file goes
 * with its last connector).
 */
export interface HookLauncherEdit extends EditBase {
  kind: "hook-launcher";
  platform: string;
  name: string;
  connectorId: string;
  scope: Scope;
  flavour: LauncherFlavour;
  wired: { event: string; native: boolean; failClosed?: boolean } | null;
  /** A name the user's own hook can take to keep running beside ours (the host runs both). */
  besideOwn?: string;
  /** The host runs only the first folder's file of a name (project before user): another scope does not run beside this one. */
  firstFound?: boolean;
  /** The (event, native) pairs a launcher in this file can serve: what a launcher of ours is rendered from. */
  serves: readonly { event: string; native: boolean }[];
  invocations: readonly string[];
  /** The payload comes in environment variables: the launcher closes stdin. */
  noStdin?: boolean;
}

/** Codex's `[hooks.state]` trust entries for the handlers of `hookFile`, recomputed from its new text. */
export interface CodexTrustEdit extends EditBase {
  kind: "codex-trust";
  hookFile: string;
  platform: string;
  paths: PathContext;
  scope: Scope;
  invocations: readonly string[];
}

/**
 * This connector's MCP servers in a host's MCP config file (install: exactly `servers`; uninstall:
 * none). Only names the registry says this connector wrote there are replaced or removed.
 */
export interface McpServersEdit extends EditBase {
  kind: "mcp-servers";
  connectorId: string;
  format: McpFormatId;
  /** Name → the entry as the host's file holds it (src/install/mcp/formats.ts). */
  servers: Record<string, ServerEntry>;
  /** This connector's servers in the file, as recorded at install: the only ones we replace or remove. */
  ours: readonly string[];
  /** Other connectors' servers in the file: while one is there, entries of ours remain. */
  others: readonly string[];
  /** The entries carry env or header values: the file must not be readable by everyone. */
  secret: boolean;
}

/** A whole file of a plugin package we generate (a manifest), ours when its `id` is `owner`: written, or removed (`text: null`). */
export interface PluginFileEdit extends EditBase {
  kind: "plugin-file";
  owner: string;
  text: string | null;
}

/**
 * A plugin of ours enabled in the host's JSON5 config (OpenClaw: `plugins.entries.<id>`, and
 * `plugins.allow` when the user keeps one): `entry` set on install, everything of `pluginId` taken
 * out on uninstall (and on install with `entry: null`, when nothing is left to wire).
 */
export interface PluginRegistrationEdit extends EditBase {
  kind: "plugin-registration";
  pluginId: string;
  entry: Record<string, unknown> | null;
}

/**
 * A host's switch that makes managed hooks the only ones (`install --scope managed --lock`), from
 * the adapter's `hookSwitches` (src/install/managed/locks.ts): set on install; on uninstall taken
 * out unless `keep` says why it stays.
 */
export interface HostLockEdit extends EditBase {
  kind: "host-lock";
  platform: string;
  format: "json" | "toml";
  key: readonly string[];
  value: boolean;
  keep?: "locked-by-another" | "set-before-us";
}

/** One change to one file, planned before anything is read or written (src/install/plan.ts). */
export type FileEdit =
  | HookEntriesEdit
  | HookLauncherEdit
  | PluginModuleEdit
  | PluginFileEdit
  | PluginRegistrationEdit
  | CodexTrustEdit
  | McpServersEdit
  | HostLockEdit;

export type EditAction = "install" | "uninstall";

/** The texts of files edited earlier in the same list (null: no file); undefined: not in the list. */
export interface EditedFiles {
  before(file: string): string | null | undefined;
  after(file: string): string | null | undefined;
  /** Nothing will be written: notes say what would happen. */
  dryRun: boolean;
}

/** What an edit makes of a file's text. Editors compute; src/install/apply.ts writes. */
export interface EditOutcome {
  /** null = no file. */
  after: string | null;
  /** Whether entries of ours (any connector's) remain: then the backup stays and the original bytes are not restored. */
  oursRemain: boolean;
  /** How many of this connector's hooks an uninstall took out. */
  removed?: number;
  /** For people (notes) and scripts (details). */
  notes?: string[];
  details?: Record<string, unknown>;
  warnings?: string[];
  /** What the user has to do by hand when the file cannot be written (files that follow another). */
  manualSteps?: string;
  /** Permission bits to write the file with (a launcher the host executes: 0755). */
  mode?: number;
  /** Remove the file's folder too when removing the file leaves it empty. */
  pruneFolder?: boolean;
  /** The file holds secrets: written with no permission for others (0600 when we create it). */
  secret?: boolean;
}

/** One implementation per kind of edit: text in, text out, nothing written. */
export interface Editor<E extends FileEdit> {
  install(before: string | null, edit: E, files: EditedFiles): EditOutcome;
  uninstall(before: string | null, edit: E, files: EditedFiles): EditOutcome;
}
