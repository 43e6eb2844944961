import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { kimiDialect } from "../src/dialects/kimi.ts";
import { KIMI_EVENTS, KIMI_PAYLOAD, kimiHookFile } from "../src/families/kimi.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: Kimi CLI 1.49.0 source (MoonshotAI/kimi-cli src/kimi_cli/hooks/{config,runner,engine}.py,
// soul/kimisoul.py, soul/toolset.py) and its hooks page; docs/hosts/kimi.md. Where they differ the
// source wins: stdout on exit 0 is never added to the context (the page says it is).
const kimiHome = ({ home, env }: PathContext) => (env.KIMI_SHARE_DIR ? absolute(env.KIMI_SHARE_DIR) : join(home, ".kimi"));

export default defineAdapter({
  id: "kimi",
  name: "Kimi CLI",
  sources: [
    "https://moonshotai.github.io/kimi-cli/en/customization/hooks.html",
    "https://github.com/MoonshotAI/kimi-cli/tree/main/src/kimi_cli/hooks",
    "https://moonshotai.github.io/kimi-cli/en/customization/agents.html",
    "https://github.com/MoonshotAI/kimi-cli/tree/main/src/kimi_cli/tools",
    "https://moonshotai.github.io/kimi-cli/en/customization/mcp.html",
  ],
  verified: [
    { version: "1.49.0", by: "source", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  events: KIMI_EVENTS, // no PermissionRequest
  payload: KIMI_PAYLOAD,
  // A block is honoured where the runner acts on it: the tool returns the reason as its error, the
  // prompt is dropped (the reason shown to the user), Stop runs one more turn with the reason.
  // SubagentStop is fire-and-forget; nothing reads context.
  dialect: kimiDialect("kimi", { PreToolUse: ["deny"], UserPromptSubmit: ["deny"], Stop: ["deny"] }),
  // Python `re.search`: a JavaScript pattern may not compile there, and then the hook never runs.
  nativeMatcher: "search-name-list",
  // Names and inputs: Kimi CLI 1.49.0 source, each tool class's `name` and Params in
  // src/kimi_cli/tools/ (its agents page lists the same default set); soul/toolset.py sends that name
  // as tool_name. MCP tools keep the server's own tool names (mcp.toolName).
  tools: {
    shell: { Shell: { command: "command" } }, // bash everywhere (Git Bash on Windows)
    read: { ReadFile: { filePaths: "path" }, ReadMediaFile: { filePaths: "path" } },
    write: { WriteFile: { filePaths: "path", content: "content" } }, // mode "append" adds to the file
    // `edit` is one {old, new} or a list of them: no single content to read or rewrite.
    edit: { StrReplaceFile: { filePaths: "path" } },
    search: { Glob: { query: "pattern", filePaths: "directory" }, Grep: { query: "pattern", filePaths: "path" } },
    fetch: { FetchURL: { url: "url" }, SearchWeb: { query: "query" } },
    task: { Agent: { query: "prompt" } },
    // SendDMail and Think are off in the default agent; custom agents can turn them on.
    other: {
      AskUserQuestion: WHY.asks,
      EnterPlanMode: WHY.plan,
      ExitPlanMode: WHY.plan,
      SendDMail: WHY.agents,
      SetTodoList: WHY.plan,
      TaskList: WHY.plan,
      TaskOutput: WHY.jobOutput,
      TaskStop: WHY.jobStop,
      Think: WHY.plan,
    },
  },
  // Its only host-only event, StopFailure, is normalized: nothing is left to pass through.
  nativeHooks: false,
  hooks: { kind: "hook-file", file: kimiHookFile(kimiHome) },
  // moonshotai.github.io/kimi-cli/en/customization/mcp.html: mcp.json beside config.toml, user scope only.
  mcp: { format: "kimi", scopes: { user: (ctx) => join(kimiHome(ctx), "mcp.json") }, toolName: "{tool}" },
  // Both Kimi programs install a `kimi` binary: only the home folder tells which one is here.
  detect: { dirs: (ctx) => [kimiHome(ctx)], bins: [] },
});
