import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { kimiDialect } from "../src/dialects/kimi.ts";
import { KIMI_EVENTS, KIMI_PAYLOAD, kimiHookFile } from "../src/families/kimi.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: Kimi Code 0.38.0 source (MoonshotAI/kimi-code packages/agent-core-v2/src/features/
// externalHooks/: configSection.ts, internal/{types,runHook,userPrompt,matchHooks}.ts,
// agent/agentExternalHooksService.ts) and its hooks page; docs/hosts/kimi-code.md. The source has no
// `fail_mode` key (the fact sheet's): an unknown key fails the whole config, so none is written.
const kimiCodeHome = ({ home, env }: PathContext) => (env.KIMI_CODE_HOME ? absolute(env.KIMI_CODE_HOME) : join(home, ".kimi-code"));

export default defineAdapter({
  id: "kimi-code",
  name: "Kimi Code",
  sources: [
    "https://moonshotai.github.io/kimi-code/en/customization/hooks",
    "https://github.com/MoonshotAI/kimi-code/tree/main/packages/agent-core-v2/src/features/externalHooks",
    "https://moonshotai.github.io/kimi-code/en/reference/tools",
    "https://github.com/MoonshotAI/kimi-code/tree/main/packages/agent-core-v2/src/agent/tools",
    "https://moonshotai.github.io/kimi-code/en/customization/mcp",
  ],
  verified: [
    { version: "0.38.0", by: "source", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  events: { ...KIMI_EVENTS, PermissionRequest: "PermissionRequest" }, // observe only: it cannot answer the dialog
  payload: KIMI_PAYLOAD,
  // Blocks as Kimi CLI's; only UserPromptSubmit's `message` reaches the model as context (wrapped in
  // a <hook_result> block). Every other event is fire-and-forget or ignores the answer.
  dialect: kimiDialect("kimi-code", { PreToolUse: ["deny"], UserPromptSubmit: ["deny", "context"], Stop: ["deny"] }),
  nativeMatcher: "search-regex", // `new RegExp(matcher).test(name)`
  // Names and inputs: Kimi Code 0.38.0 source (packages/agent-core-v2/src/agent/tools/*: each tool's
  // registered name and zod input schema; goal, plan, swarm, todo and tower tools under features/),
  // which its built-in tools page agrees with. MCP tools reach hooks as mcp__<server>__<tool>
  // (mcpCore/tool-naming.ts: server and tool sanitized to [A-Za-z0-9_-], hashed past 64 chars), not
  // under the bare tool name the MCP spec above gives.
  tools: {
    shell: { Bash: { command: "command", cwd: "cwd" } },
    read: { Read: { filePaths: "path" }, ReadMediaFile: { filePaths: "path" } },
    write: { Write: { filePaths: "path", content: "content" } }, // mode "append" adds to the file
    edit: { Edit: { filePaths: "path", content: "new_string" } },
    search: { Glob: { query: "pattern", filePaths: "path" }, Grep: { query: "pattern", filePaths: "path" } },
    fetch: { FetchURL: { url: "url" }, WebSearch: { query: "query" } },
    task: { Agent: { query: "prompt" }, AgentSwarm: { query: "prompt_template" } },
    // Tower* only behind its feature flag; select_tools is the deferred-tool loader.
    other: {
      AskUserQuestion: WHY.asks,
      CreateGoal: WHY.plan,
      CronCreate: WHY.schedule,
      CronDelete: WHY.schedule,
      CronList: WHY.schedule,
      EnterPlanMode: WHY.plan,
      ExitPlanMode: WHY.plan,
      GetGoal: WHY.plan,
      SetGoalBudget: WHY.plan,
      Skill: WHY.skill,
      TaskList: WHY.plan,
      TaskOutput: WHY.jobOutput,
      TaskStop: WHY.jobStop,
      TodoList: WHY.plan,
      UpdateGoal: WHY.plan,
      WaitFor: WHY.agents,
      select_tools: WHY.toolSearch,
      TowerFinding: WHY.agents,
      TowerInbox: WHY.agents,
      TowerInit: WHY.agents,
      TowerMerge: WHY.agents,
      TowerMission: WHY.agents,
      TowerPlan: WHY.plan,
      TowerReview: WHY.agents,
      TowerSend: WHY.agents,
      TowerSpawn: WHY.agents,
      TowerStatus: WHY.plan,
      TowerTeardown: WHY.agents,
    },
    mcp: "mcp__{server}__{tool}",
  },
  nativeHooks: true,
  nativeEvents: ["PermissionResult", "UserPromptQueued", "TurnStarted", "Interrupt", "SessionHeartbeat", "TaskStarted"],
  hooks: { kind: "hook-file", file: kimiHookFile(kimiCodeHome) },
  // moonshotai.github.io/kimi-code/en/customization/mcp: mcp.json at home and in the project (which
  // wins, once the folder is trusted); no variable expansion.
  mcp: {
    format: "kimi",
    scopes: { user: (ctx) => join(kimiCodeHome(ctx), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".kimi-code", "mcp.json") },
    toolName: "{tool}",
  },
  // Both Kimi programs install a `kimi` binary: only the home folder tells which one is here.
  detect: { dirs: (ctx) => [kimiCodeHome(ctx)], bins: [] },
});
