import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { EVENT_NAMES, sameNames } from "../src/events.ts";
import { CLAUDE_CODE_CAPABILITIES, hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://www.codebuddy.ai/docs/cli/hooks (v1.16+, 9 events) and the newer Tencent Cloud
// reference https://cloud.tencent.com/document/product/1831/137030 (read 2026-11: the whole Claude
// family, 27+ events), docs/hosts/codebuddy.md. No real-host run, no capture.
// $CODEBUDDY_CONFIG_DIR replaces ~/.codebuddy: read from the npm bundle by a third party, not in the docs.
const codebuddyDir = ({ home, env }: PathContext) => (env.CODEBUDDY_CONFIG_DIR ? absolute(env.CODEBUDDY_CONFIG_DIR) : join(home, ".codebuddy"));

export default defineAdapter({
  id: "codebuddy",
  name: "CodeBuddy Code",
  sources: [
    "CodeBuddy Code hooks docs claim Claude Code parity, unchecked for a rewrite without a decision: a modify keeps the allow (declared)",
    "https://www.codebuddy.ai/docs/cli/hooks",
    "https://cloud.tencent.com/document/product/1831/137030",
    "https://www.codebuddy.ai/docs/cli/tools-reference",
    "@tencent-ai/agent-sdk@0.3.201 (bundles CodeBuddy Code 2.117.0: tool names and input schemas)",
    "https://www.codebuddy.ai/docs/cli/mcp",
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { version: "2.117.0", by: "source", on: "2026-12-04", note: "as bundled by @tencent-ai/agent-sdk 0.3.201: tool names" },
  ],
  // Claude's names for all 15. PermissionRequest, PostToolUseFailure, SubagentStart, PostCompact,
  // StopFailure and PermissionDenied are only in the newer reference: older builds never fire them.
  events: sameNames(EVENT_NAMES),
  // Claude's snake_case payload; the hook process gets CODEBUDDY_PROJECT_DIR (and CLAUDE_PROJECT_DIR).
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["CODEBUDDY_PROJECT_DIR"], paths: ["cwd"] } },
  // The docs claim parity with Claude Code's exit codes and hookSpecificOutput replies.
  dialect: hookSpecificOutputDialect("codebuddy", CLAUDE_CODE_CAPABILITIES),
  nativeMatcher: "claude-regex", // case-sensitive; a plain name matches exactly, else a regex
  // Names: its tools reference (www.codebuddy.ai/docs/cli/tools-reference: "the identifiers used in …
  // Hook matchers"), as shipped with CodeBuddy Code 2.117.0 (npm @tencent-ai/agent-sdk@0.3.201, which
  // bundles the CLI). Inputs: that bundle's tool schemas, Claude Code's spellings throughout.
  // Its aliases (BashOutput, KillShell, pwsh) are documented for permission rules, not as hook names.
  tools: {
    shell: { Bash: { command: "command" }, PowerShell: { command: "command" } }, // PowerShell: Windows only
    read: { Read: { filePaths: "file_path" }, NotebookRead: { filePaths: "notebook_path" } },
    write: { Write: { filePaths: "file_path", content: "content" } },
    edit: {
      Edit: { filePaths: "file_path", content: "new_string" },
      MultiEdit: { filePaths: "file_path" }, // the new texts sit in `edits[]`
      NotebookEdit: { filePaths: "notebook_path", content: "new_source" },
    },
    search: { Glob: { query: "pattern", filePaths: "path" }, Grep: { query: "pattern", filePaths: "path" } },
    fetch: { WebFetch: { url: "url", query: "prompt" }, WebSearch: { query: "query" } },
    task: { Agent: { query: "prompt" } },
    other: {
      AskUserQuestion: WHY.asks,
      CronCreate: WHY.schedule,
      CronDelete: WHY.schedule,
      CronList: WHY.schedule,
      DeferExecuteTool: WHY.toolSearch,
      EnterPlanMode: WHY.plan,
      EnterWorktree: WHY.worktree,
      ExitPlanMode: WHY.plan,
      ImageEdit: WHY.media,
      ImageGen: WHY.media,
      LSP: WHY.lsp,
      LeaveWorktree: WHY.worktree,
      ListMcpResources: WHY.mcp,
      ReadMcpResource: WHY.mcp,
      SendMessage: WHY.agents,
      Skill: WHY.skill,
      SlashCommand: WHY.slashCommand,
      StructuredOutput: WHY.turn,
      TaskCreate: WHY.plan,
      TaskGet: WHY.plan,
      TaskList: WHY.plan,
      TaskOutput: WHY.jobOutput,
      TaskStop: WHY.jobStop,
      TaskUpdate: WHY.plan,
      TeamCreate: WHY.agents,
      TeamDelete: WHY.agents,
      TodoWrite: WHY.plan,
      ToolSearch: WHY.toolSearch,
      VideoGen: WHY.media,
      WaitForMcpServers: WHY.mcp,
      Workflow: WHY.workflow,
    },
  },
  nativeHooks: true, // Elicitation, TaskCreated, FileChanged, …
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"], // settings.json holds other settings too: edited in place
      timeoutUnit: "s", // default 60
      scopes: {
        user: (ctx) => join(codebuddyDir(ctx), "settings.json"),
        project: ({ projectDir }) => join(projectDir, ".codebuddy", "settings.json"),
      },
    },
  },
  // www.codebuddy.ai/docs/cli/mcp: ~/.codebuddy.json (a file in the home folder) and the project's
  // .mcp.json, Claude Code's shape and `${VAR}` expansion (the project file is Claude Code's too).
  mcp: {
    format: "claude",
    scopes: { user: ({ home }) => join(home, ".codebuddy.json"), project: ({ projectDir }) => join(projectDir, ".mcp.json") },
    toolName: "mcp__{server}__{tool}",
  },
  notice: "CodeBuddy Code runs hooks changed outside the CLI only after they are approved in its /hooks panel: open it once.",
  detect: { dirs: (ctx) => [codebuddyDir(ctx), join(ctx.home, ".codebuddy.json")], bins: ["codebuddy"] },
});
