import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { EVENT_NAMES, sameNames } from "../src/events.ts";
import { CLAUDE_CODE_CAPABILITIES, hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: Continue's own source, continuedev/continue extensions/cli/src/hooks/{hookConfig,hookRunner,
// fireHook,types}.ts (read 2026-11; there is no hooks page on docs.continue.dev), docs/hosts/continue.md.
// The real `cn` 1.5.47 loads these files but fires no hook (nothing calls its HookService), so all
// of this is wired per the source and verified by fixtures only.
// $CONTINUE_GLOBAL_DIR replaces ~/.continue (hookConfig.ts).
const continueDir = ({ home, env }: PathContext) => (env.CONTINUE_GLOBAL_DIR ? absolute(env.CONTINUE_GLOBAL_DIR) : join(home, ".continue"));

export default defineAdapter({
  id: "continue",
  name: "Continue CLI",
  sources: [
    "Continue copies Claude Code's hook contract; a rewrite without a decision is unchecked there: a modify keeps the allow (declared)",
    "https://github.com/continuedev/continue/tree/main/extensions/cli/src/tools",
    "https://github.com/continuedev/continue/tree/main/extensions/cli/src/hooks",
  ],
  verified: [
    { by: "source", on: "2026-11" },
    { version: "1.5.47", by: "real run", on: "2026-11", note: "it fired no hook: fixtures only" },
  ],
  // Claude's names; no PostCompact, StopFailure or PermissionDenied (not in types.ts). PermissionRequest, SubagentStart and SubagentStop are declared
  // in types.ts with no firing helper in fireHook.ts.
  events: sameNames(EVENT_NAMES.filter((event) => !["PostCompact", "StopFailure", "PermissionDenied"].includes(event))),
  // Claude's snake_case payload; transcript_path is always "" and Stop's stop_hook_active always
  // true (fireHook.ts), passed on as is. CONTINUE_PROJECT_DIR = CLAUDE_PROJECT_DIR = cwd.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["CONTINUE_PROJECT_DIR"], paths: ["cwd"] } },
  // hookRunner.ts reads Claude's replies: exit 2 or top-level `decision: "block"` blocks,
  // hookSpecificOutput.permissionDecision / updatedInput / decision.behavior, additionalContext
  // collected from every event. What the agent loop does with them is unverifiable while no call site exists.
  dialect: hookSpecificOutputDialect("continue", CLAUDE_CODE_CAPABILITIES),
  // `new RegExp(matcher).test(name)`: unanchored even for a plain name (hookConfig.ts).
  nativeMatcher: "search-regex",
  // Names and inputs: each built-in tool's `name` and parameters in extensions/cli/src/tools/
  // (builtInToolNames.ts; main at d0a3c0b, 2026-06); fireHook.ts sends that name as tool_name. Edit
  // and MultiEdit are alternatives (MultiEdit for capable models); MCP tools keep their own names.
  tools: {
    shell: { Bash: { command: "command" } },
    read: { Read: { filePaths: "filepath" } },
    write: { Write: { filePaths: "filepath", content: "content" } },
    edit: { Edit: { filePaths: "file_path", content: "new_string" }, MultiEdit: { filePaths: "file_path" } }, // MultiEdit: texts in `edits[]`
    search: { Search: { query: "pattern", filePaths: "path" }, List: { filePaths: "dirpath" } },
    fetch: { Fetch: { url: "url" } },
    task: { Subagent: { query: "prompt" } },
    other: {
      AskQuestion: WHY.asks,
      CheckBackgroundJob: WHY.jobOutput,
      Checklist: WHY.plan,
      Diff: WHY.review,
      Exit: WHY.turn,
      ReportFailure: WHY.agents,
      Skills: WHY.skill,
      Status: WHY.plan,
      UploadArtifact: "uploads a result to the session's artifacts, not into the project",
    },
  },
  nativeHooks: true, // ConfigChange, TeammateIdle, TaskCompleted, WorktreeCreate, WorktreeRemove
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"], // read with JSON.parse: comments would make cn skip the whole file
      timeoutUnit: "s", // default 600
      scopes: {
        user: (ctx) => join(continueDir(ctx), "settings.json"),
        project: ({ projectDir }) => join(projectDir, ".continue", "settings.json"),
      },
    },
  },
  notice: "Continue CLI 1.5.47 loads these hooks but fires none (no call site in that release): they are wired per its source and verified by fixtures only.",
  // docs.continue.dev customize/deep-dives/mcp: besides YAML blocks, JSON MCP files in the format of
  // Claude Desktop, Cursor or Cline dropped into .continue/mcpServers/ are picked up as they are, so
  // no YAML is needed: one file of ours there, its servers told apart by the registry.
  mcp: {
    format: "plain",
    scopes: {
      user: (ctx) => join(continueDir(ctx), "mcpServers", "agent-connector.json"),
      project: ({ projectDir }) => join(projectDir, ".continue", "mcpServers", "agent-connector.json"),
    },
    toolName: "{tool}",
  },
  // ~/.continue is also made by the IDE extensions, which have no hooks; harmless to write there.
  detect: { dirs: (ctx) => [continueDir(ctx)], bins: ["cn"] },
  // hookConfig.ts merges ~/.claude/settings.json and <cwd>/.claude/settings(.local).json with its own files.
  alsoRuns: [{ platform: "claude-code", scopes: ["user", "project"] }],
  // Set by hookRunner.ts for every hook process it starts; CLAUDE_PROJECT_DIR is set too, so proves nothing.
  marker: { env: ["CONTINUE_PROJECT_DIR"] },
});
