import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { topLevelDecisionDialect } from "../src/dialects/top-level-decision.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: goose's hooks guide (documentation/docs/guides/context-engineering/hooks.md) and its source,
// crates/goose/src/hooks/mod.rs and crates/goose/src/plugins (discovery); docs/hosts/goose.md.
// Hooks belong to a plugin folder: goose takes every folder under .agents/plugins/ as a plugin
// (discovery lists the folders; no manifest is read), so ours is one folder per connector that only
// we write. $GOOSE_PATH_ROOT replaces the home for user plugins.
const pluginRoot = (base: string, connectorId: string) => join(base, ".agents", "plugins", `agent-connector-${connectorId}`, "hooks", "hooks.json");
const userBase = ({ home, env }: PathContext) => (env.GOOSE_PATH_ROOT ? absolute(env.GOOSE_PATH_ROOT) : home);
const configDir = ({ home, env }: PathContext) => join(env.XDG_CONFIG_HOME ? absolute(env.XDG_CONFIG_HOME) : join(home, ".config"), "goose");

export default defineAdapter({
  id: "goose",
  name: "goose",
  sources: [
    "https://github.com/aaif-goose/goose/blob/main/documentation/docs/guides/context-engineering/hooks.md",
    "https://github.com/aaif-goose/goose/tree/main/crates/goose/src/hooks",
    // Tool names: the platform extensions' tool lists (developer/mod.rs, summon.rs, analyze) and
    // their unprefixed_tools flags in platform_extensions/mod.rs; the hooks guide's older
    // developer__shell names are never sent (issue 12178, fixed in the guide by PR 12260).
    "https://github.com/aaif-goose/goose/tree/main/crates/goose/src/agents/platform_extensions",
    "https://github.com/aaif-goose/goose/issues/12178",
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { by: "source", on: "2026-11", note: "main; fixtures only" },
  ],
  // Claude's names. SubagentStart/SubagentStop are accepted in hooks.json but never emitted; no
  // compaction or notification events.
  events: sameNames(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"]),
  // snake_case; the event is under `event`, the prompt under `message`, the project under working_dir (tool events only).
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    projectDir: { paths: ["working_dir", "cwd"] },
    prompt: { paths: ["message"] },
    toolOutput: { paths: ["tool_output"] },
    toolUseId: { paths: ["tool_call_id"] },
  },
  // tool_name is the name the model called. The built-in developer, analyze, summon and code-mode
  // extensions are "unprefixed" (shell, write, edit…); every other extension's tools are
  // <extension>__<tool> (todo__todo_write), the same shape as MCP tools. Older goose (and its
  // guide before PR 12260) named them developer__shell and developer__text_editor: no goose with
  // hooks sends those.
  tools: {
    shell: { shell: { command: "command" } },
    // source is a local path or an http(s) URL.
    read: { read_image: { filePaths: "source" } },
    write: { write: { filePaths: "path", content: "content" } },
    edit: { edit: { filePaths: "path", content: "after" } },
    search: { tree: { filePaths: "path" }, analyze: { filePaths: "path", query: "focus" } },
    fetch: { web_fetch: { url: "url" } },
    task: { delegate: { query: "instructions" } },
    other: {
      load: "loads a recipe or extension's instructions into the session",
      todo__todo_write: WHY.plan,
    },
  },
  // Only PreToolUse and Stop take a decision: `{"decision": "block", "reason"}` on stdout (exit 0).
  // A Stop block keeps the turn going. Every other event's reply is ignored; there is no context channel.
  dialect: topLevelDecisionDialect("goose", { PreToolUse: ["deny"], Stop: ["deny"] }),
  // Rust `regex`, searched anywhere in the name; `*` alone is an invalid regex that skips the rule.
  nativeMatcher: "search-name-list",
  nativeHooks: true, // PreToolUseResult, BeforeReadFile, AfterFileEdit, BeforeShellExecution, AfterShellExecution
  eventNotes: { Stop: "a deny keeps the turn going, up to GOOSE_STOP_HOOK_BLOCK_CAP consecutive times." },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 30
      owned: true,
      // hooks/mod.rs `hook_command`: `sh -c <command>` on every OS (Git Bash's sh on Windows).
      windows: { shell: "bash" },
      scopes: {
        user: (ctx, connectorId) => pluginRoot(userBase(ctx), connectorId),
        project: ({ projectDir }, connectorId) => pluginRoot(projectDir, connectorId),
      },
    },
  },
  notice:
    "goose lists the plugin folder it finds (agent-connector-<id>) in its config.yaml `plugins` map; `disabledPlugins` in ~/.config/goose/settings.json turns it off without uninstalling.",
  // Extensions in config.yaml (goose docs, guides/config-files): user scope only.
  mcp: { format: "goose", scopes: { user: (ctx) => join(configDir(ctx), "config.yaml") }, toolName: "{server}__{tool}" },
  detect: { dirs: (ctx) => [configDir(ctx)], bins: ["goose"] },
});
