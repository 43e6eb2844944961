import { join } from "../paths.ts";
import { defineAdapter, type Adapter, type AdapterSpec, type PathContext, type PluginModuleSpec } from "../adapter.ts";
import type { Capabilities } from "../dialects/dialect.ts";
import { SUBAGENT_EVENTS } from "../core/payload-map.ts";
import { pluginActionsDialect } from "../dialects/plugin-actions.ts";
import type { KnownTools, ToolVocabulary } from "../tools/vocabulary.ts";
import { WHY } from "../tools/other-reasons.ts";

/**
 * What OpenCode and its forks (Kilo CLI, MiMo Code) share: the V1 plugin API, in-process, with
 * the same hook keys and arguments. Facts: anomalyco/opencode packages/plugin/src/index.ts (Hooks),
 * docs/hosts/opencode.md (real run of OpenCode 1.18.33) and docs/hosts/kilo-cli.md (real run of
 * Kilo 7.7.7). The generated module (src/install/plugin-module/glue/opencode-v1.ts) forwards the
 * host's arguments to `agent-connector hook` as `{hook, input, output, directory, worktree}`:
 * the hook's two arguments verbatim plus the plugin's `directory`/`worktree`.
 */

/** Normalized event → where the module picks it up (a hook key, or a bus event through `event`). */
const EVENTS = {
  // Bus `session.created`; its context goes into `experimental.chat.system.transform`, which the
  // host runs before every model call (docs/hosts/kilo-cli.md), so the module runs it once per session.
  SessionStart: "session.created",
  UserPromptSubmit: "chat.message",
  PreToolUse: "tool.execute.before",
  PostToolUse: "tool.execute.after",
  PreCompact: "experimental.session.compacting",
  PostCompact: "session.compacted",
  // Bus `session.idle`: observe only; continuing the session would take a new prompt via the SDK.
  Stop: "session.idle",
  // No failure hook: a tool part turning to state "error" on the bus `message.part.updated`.
  PostToolUseFailure: "message.part.updated",
  // A sub-agent (the task tool) is a child session: bus `session.created` with `info.parentID`, and
  // `session.idle` of that session (the module knows its children); observe only.
  SubagentStart: "session.created",
  SubagentStop: "session.idle",
  // Not here: PermissionRequest (`permission.ask` is typed but the host never calls it:
  // anomalyco/opencode#7006, #9229; it never fired in the real runs); SessionEnd (`session.deleted`
  // is a deletion, not the end of a run; no bus event or hook marks the end); Notification (no
  // event for "the agent needs you": a permission prompt is `permission.asked`, whose shape changed
  // across versions (`permission.updated` before), and idleness is Stop).
} as const;

const CAPABILITIES: Capabilities = {
  SessionStart: ["context"],
  // `chat.message` cannot cancel the prompt (no documented way); context goes to the system prompt.
  UserPromptSubmit: ["context"],
  // deny = throw (docs/hosts/opencode.md: the tool does not run, the model gets the message); no native
  // ask; context goes to the system prompt of the next model call.
  PreToolUse: ["deny", "modify", "context"],
  // The tool has run: a deny cannot undo it, so it degrades to context, appended to the output.
  PostToolUse: ["context", "updatedOutput"],
  PreCompact: ["context"],
};

const PAYLOAD: Adapter["payload"] = {
  // A sub-agent's events belong to the session that started it (`parentID`: the module adds it).
  sessionId: { paths: ["input.sessionID", "parentID", "input.event.properties.sessionID", "input.event.properties.info.id"] },
  // On its subagent events only: elsewhere these ids are the main session's.
  agentId: { paths: ["input.event.properties.info.id", "input.event.properties.sessionID"], on: SUBAGENT_EVENTS },
  projectDir: { paths: ["directory"] },
  // The user's text parts; the real runs show the prompt of `run` wrapped in literal quotes.
  prompt: { paths: ["output.parts"], textParts: true },
  toolName: { paths: ["input.tool", "input.event.properties.part.tool"] },
  // Before: `output.args` (mutable); after: `input.args`; a failed tool part: `state.input`.
  toolInput: { paths: ["output.args", "input.args", "input.event.properties.part.state.input"] },
  toolOutput: { paths: ["output.output"] },
  toolUseId: { paths: ["input.callID", "input.event.properties.part.callID"] },
  error: { paths: ["input.event.properties.part.state.error"] },
};

/**
 * The V1 lineage's built-in tools as `input.tool` names them, with the args object the module
 * forwards as `toolInput` (`output.args`): camelCase keys (`filePath`, `patchText`). Each host
 * declares its own vocabulary from this base (forks rename and add tools). Read from
 * anomalyco/opencode packages/opencode/src/tool/*.ts (registry.ts and each tool's parameters);
 * `patch`, `list`, `multiedit` and `todoread` are older releases' tools, kept for hosts still on them.
 */
export const OPENCODE_V1_TOOLS = {
  // The shell tool keeps the id `bash` whatever the shell (tool/shell/id.ts); `workdir` is its cwd.
  shell: {
    bash: { command: "command", cwd: "workdir" },
    // Code mode (experimental): a script for a confined interpreter that calls MCP tools (tool/code-mode.ts).
    execute: { command: "code" },
  },
  read: { read: { filePaths: "filePath" } },
  write: { write: { filePaths: "filePath", content: "content" } },
  // Only one of edit/write and apply_patch is offered per model (GPT models get apply_patch).
  edit: {
    edit: { filePaths: "filePath", content: "newString" },
    multiedit: { filePaths: "filePath" },
    apply_patch: { filePaths: { paths: ["patchText"], patch: true } },
    patch: { filePaths: { paths: ["patchText"], patch: true } },
  },
  search: {
    grep: { query: "pattern", filePaths: "path" },
    glob: { query: "pattern", filePaths: "path" },
    list: { filePaths: "path" },
  },
  // codesearch is an Exa web search for library docs, not a search of the project.
  fetch: { webfetch: { url: "url" }, websearch: { query: "query" }, codesearch: { query: "query" } },
  task: { task: { query: "prompt" } },
  other: {
    question: WHY.asks,
    todowrite: WHY.plan,
    todoread: WHY.plan,
    skill: WHY.skill,
    lsp: WHY.lsp,
    batch: "runs several of the host's other tools at once; each is hooked as its own call",
    plan_exit: WHY.plan,
    plan_enter: WHY.plan,
    reload_config: "reloads the host's own settings",
    invalid: WHY.turn,
  },
} as const satisfies KnownTools;

export interface OpencodeFamilyHost<Id extends string> extends Pick<AdapterSpec<Id>, "id" | "name" | "sources" | "detect" | "verified" | "version"> {
  /** The host's tools as `input.tool` names them (a fork's own names and args). */
  tools: ToolVocabulary;
  /** The folders the host loads plugin modules from. */
  folders: PluginModuleSpec["folders"];
  /** The config file names (user folder, project root), e.g. `opencode`: `<name>.json` or `<name>.jsonc`. */
  configName: string;
  sharesModuleOf?: PluginModuleSpec["sharesModuleOf"];
}

/** `$XDG_CONFIG_HOME/<name>`, default `~/.config/<name>` (the lineage uses xdg-basedir). */
export const xdgConfig = ({ home, env }: PathContext, name: string): string => join(env.XDG_CONFIG_HOME || join(home, ".config"), name);

export const defineOpencodeFamilyAdapter = <const Id extends string>(host: OpencodeFamilyHost<Id>): Adapter<Id, never> =>
  defineAdapter({
    id: host.id,
    name: host.name,
    sources: host.sources,
    verified: host.verified,
    ...(host.version ? { version: host.version } : {}),
    events: EVENTS,
    payload: PAYLOAD,
    dialect: pluginActionsDialect(host.id, CAPABILITIES),
    // Matched at run time: the module filters with our matcher, the binary checks it again.
    nativeMatcher: "none",
    // Lowercase built-ins (each host's own); MCP tools are `<server>_<tool>` (`mcp.toolName`).
    tools: host.tools,
    // A host-only hook key (`chat.params`, `shell.env`, …): the handler's object is merged into its
    // output. A shared module answers as its owner: its native hooks are declared under the owner's id.
    nativeHooks: !host.sharesModuleOf,
    hooks: {
      kind: "plugin-module",
      module: { generator: "opencode-v1", folders: host.folders, ...(host.sharesModuleOf ? { sharesModuleOf: host.sharesModuleOf } : {}) },
    },
    // The `mcp` key of the config file, JSONC allowed; tools are named `<server>_<tool>`.
    mcp: {
      format: "opencode",
      scopes: {
        user: (ctx) => [join(xdgConfig(ctx, host.configName), `${host.configName}.json`), join(xdgConfig(ctx, host.configName), `${host.configName}.jsonc`)],
        project: ({ projectDir }) => [join(projectDir, `${host.configName}.json`), join(projectDir, `${host.configName}.jsonc`)],
      },
      toolName: "{server}_{tool}",
    },
    detect: host.detect,
  });
