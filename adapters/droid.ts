import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.factory.ai/reference/hooks-reference, docs/hosts/droid.md (real run of
// droid 0.225.2, and what its bundled code does with a reply). Where they differ, 0.225.2 wins:
// its code ignores `decision` on UserPromptSubmit and PostToolUse and every reply of SubagentStop,
// PreCompact and Notification, although the docs promise Claude's behaviour there.
// $FACTORY_HOME_OVERRIDE replaces the home dir that holds .factory (0.225.2).
const factoryDir = ({ home, env }: PathContext) => join(env.FACTORY_HOME_OVERRIDE ? absolute(env.FACTORY_HOME_OVERRIDE) : home, ".factory");

const RISK_LEVELS: readonly unknown[] = ["low", "medium", "high"];

export default defineAdapter({
  id: "droid",
  name: "Factory Droid",
  sources: [
    "droid 0.225.2 real run, 2026-12-05 (PreToolUse updatedInput with no permissionDecision: the new command runs under --auto high; without --auto, exec stops at it for want of permission; with allow it runs): a modify is the neutral rewrite",
    "https://docs.factory.ai/reference/cli-reference",
    "https://docs.factory.ai/reference/hooks-reference",
    "https://docs.factory.ai/cli/configuration/hooks-guide",
    "https://docs.factory.ai/cli/configuration/mcp",
    "droid 0.225.2 bundled code (MCP: variable expansion, stdio environment, tool names; followed where the docs say nothing; its tool registry: tool names and inputs)",
  ],
  verified: [
    { version: "0.225.2", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
    { version: "0.225.2", by: "source", on: "2026-12-04", note: "its bundled code" },
  ],
  // The npm wrapper (@factory/cli) lags the program it installs: its package.json is not the version.
  version: { run: true },
  // Claude's names. `droid exec` fires SessionStart, PreToolUse, PostToolUse, Stop and SessionEnd;
  // UserPromptSubmit only in interactive sessions. No PermissionRequest, PostToolUseFailure,
  // SubagentStart or PostCompact. Shell tool: `Execute`; files: Read, Edit, Create, ApplyPatch, …
  events: sameNames(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PreCompact", "Stop", "Notification", "SubagentStop"]),
  // Claude's snake_case payload with no tool_use_id; tool_response is the output as text. SessionStart
  // also carries CLAUDE_ENV_FILE (a file whose `export K=V` lines Droid applies). Droid exports
  // FACTORY_PROJECT_DIR and DROID_PROJECT_DIR, and CLAUDE_PROJECT_DIR too: only Factory's names are read.
  // SubagentStop says task_name (a description, not an agent type) and task_result.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    projectDir: { env: ["FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR"], paths: ["cwd"] },
    lastAssistantMessage: { paths: ["task_result"] },
  },
  dialect: hookSpecificOutputDialect(
    "droid",
    {
      SessionStart: ["context"], // hookSpecificOutput.additionalContext, added before the first model turn
      // A prompt is blocked by `continue: false` (stopReason is shown) or exit 2, never by `decision`.
      UserPromptSubmit: ["deny", "context"],
      // allow auto-approves ("allow-bypass"); ask is only logged; updatedInput is merged into the input.
      PreToolUse: ["allow", "deny", "modify"],
      PostToolUse: ["context"], // additionalContext reaches the model; `decision: "block"` is ignored
      Stop: ["deny"], // top-level decision "block" + reason: the agent keeps going
    },
    {
      // updatedInput alone keeps Droid's permission flow (real run 0.225.2, sources): a modify approves nothing.
      rewrite: { alone: "neutral", withAsk: false },
      stopBlock: ["UserPromptSubmit"],
      // Execute's riskLevel and riskLevelReason are required: Droid rejects a call without them.
      // It merges updatedInput into the input and re-assesses the risk of a changed command itself.
      requiredInput: {
        Execute: { riskLevel: (v) => RISK_LEVELS.includes(v), riskLevelReason: (v) => typeof v === "string" && v.trim() !== "" },
      },
    },
  ),
  // Regex or exact tool name, for PreToolUse and PostToolUse only (SubagentStop gets no matcher).
  nativeMatcher: "claude-regex",
  nativeMatcherEvents: ["PreToolUse", "PostToolUse"],
  // Names: the llmIds of droid 0.225.2's tool registry (its bundled code; `Execute` is also the real
  // run's tool_name), which the hooks docs' matchers use (`Create`, `Edit|Create`). Inputs: that
  // registry's schemas, not Claude's: Edit says old_str/new_str, Glob takes `patterns` (one or a list)
  // and `folder`, LS `directory_path`, ApplyPatch a Codex-style patch in `input`. No MultiEdit tool
  // in 0.225.2 (the name survives only as a legacy alias of Edit). MCP: `<server>___<tool>`.
  tools: {
    // A changed command must keep riskLevel and riskLevelReason (the dialect's requiredInput).
    // Script runs JavaScript (which calls other tools); its input keys are not in our sources.
    shell: { Execute: { command: "command" }, Script: {} },
    read: { Read: { filePaths: "file_path" } },
    write: { Create: { filePaths: "file_path", content: "content" } },
    edit: { Edit: { filePaths: "file_path", content: "new_str" }, ApplyPatch: { filePaths: { paths: ["input"], patch: true } } },
    search: {
      Grep: { query: "pattern", filePaths: "path" },
      Glob: { query: { paths: ["patterns"], list: true }, filePaths: "folder" },
      LS: { filePaths: "directory_path" },
    },
    fetch: { FetchUrl: { url: "url" }, WebSearch: { query: "query" } },
    task: { Task: { query: "prompt" } },
    // Script runs JavaScript that calls other tools; the mission and spec tools drive Droid's own modes.
    other: {
      AskUser: WHY.asks,
      DismissHandoffItems: WHY.plan,
      EndFeatureRun: WHY.turn,
      ExitMissionPlanning: WHY.plan,
      ExitSpecMode: WHY.turn,
      GenerateDroid: "writes a new droid (subagent) definition through Droid's own settings",
      GenerateImage: WHY.media,
      ProposeMission: WHY.agents,
      RecommendMission: WHY.agents,
      Skill: WHY.skill,
      StageSettingsChanges: "stages a change to Droid's own settings for the user to accept",
      StartMissionRun: WHY.agents,
      StructuredOutput: WHY.turn,
      TaskOutput: WHY.jobOutput,
      TaskStop: WHY.jobStop,
      TodoWrite: WHY.plan,
      ToolSearch: WHY.toolSearch,
      UpgradeSessionModel: WHY.agents,
      WaitForScript: WHY.jobOutput,
    },
  },
  nativeHooks: false, // every Droid event has a normalized name
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      // settings.json `hooks`. A hooks.json beside it (what Droid's /hooks screen writes) replaces
      // settings.json's entries of the same event (0.225.2 mergeHookSettings): docs/hosts/droid.md.
      root: ["hooks"],
      timeoutUnit: "s", // default 60
      scopes: {
        user: (ctx) => join(factoryDir(ctx), "settings.json"),
        project: ({ projectDir }) => join(projectDir, ".factory", "settings.json"), // no trust step in `droid exec`
      },
    },
  },
  // docs.factory.ai/cli/configuration/mcp: mcp.json beside settings.json. 0.225.2 expands `${VAR}` and
  // `${VAR:-default}` in env and headers (an unset one stops that server) and starts a stdio server
  // with its own environment plus env: Claude Code's entry shape.
  mcp: {
    format: "claude",
    scopes: { user: (ctx) => join(factoryDir(ctx), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".factory", "mcp.json") },
    toolName: "{server}___{tool}",
  },
  detect: { dirs: (ctx) => [factoryDir(ctx)], bins: ["droid"] },
  // Droid reads no other host's hook files (0.225.2 imports Claude's agents and commands, not its
  // hooks), so no alsoRuns. Its marker says a call came from Droid should it ever run one: the
  // Factory variables, never CLAUDE_PROJECT_DIR, which Droid sets as well as Claude Code.
  marker: { env: ["FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR"] },
});
