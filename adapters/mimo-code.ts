import { join } from "../src/paths.ts";
import { defineOpencodeFamilyAdapter, xdgConfig } from "../src/families/opencode.ts";
import type { KnownTools } from "../src/tools/vocabulary.ts";
import { WHY } from "../src/tools/other-reasons.ts";

/**
 * MiMo's own tool set (XiaomiMiMo/MiMo-Code packages/opencode/src/tool/: registry.ts, names.ts and
 * each tool's parameters). Forked from OpenCode but not OpenCode's: args are snake_case
 * (`file_path`, `patch_text`; OpenCode's camelCase is kept as a fallback for older builds), `task`
 * is a work-item tracker and sub-agents are `actor`. Hooks see the registry ids below: the
 * PascalCase names some models are shown (`Read`, `Bash`) are mapped back to these ids (names.ts).
 */
const MIMO_TOOLS = {
  // `exec` runs a command too; its input keys are not in our sources, so no `command` is read.
  shell: { bash: { command: "command", cwd: "workdir" }, exec: {} },
  read: { read: { filePaths: ["file_path", "filePath"] }, view_image: { filePaths: "path" } },
  write: { write: { filePaths: ["file_path", "filePath"], content: "content" } },
  edit: {
    edit: { filePaths: ["file_path", "filePath"], content: ["new_string", "newString"] },
    multiedit: { filePaths: ["file_path", "filePath"] },
    apply_patch: { filePaths: { paths: ["patch_text", "patchText"], patch: true } },
    notebook_edit: { filePaths: "notebook_path", content: "new_source" },
  },
  search: { grep: { query: "pattern", filePaths: "path" }, glob: { query: "pattern", filePaths: "path" } },
  fetch: { webfetch: { url: "url" }, websearch: { query: "query" }, codesearch: { query: "query" } },
  // `{operation: {action: "run" | "spawn", subagent_type, description, prompt, …}}`.
  task: { actor: { query: "operation.prompt" } },
  other: {
    task: WHY.agents,
    question: WHY.asks,
    skill: WHY.skill,
    skill_search: WHY.skill,
    mcp_tool_search: WHY.mcp,
    lsp: WHY.lsp,
    plan_exit: WHY.plan,
    memory: WHY.memory,
    history: "reads the session's own history",
    session: WHY.agents,
    cron: WHY.schedule,
    workflow: WHY.workflow,
    invalid: WHY.turn,
  },
} as const satisfies KnownTools;

// Facts: docs/hosts/mimo-code.md (source read, no real run). An
// OpenCode fork with OpenCode's plugin contract (src/families/opencode.ts); its own extras
// (`actor.preStop` for SubagentStop, the `.mimocode/settings.json` shell hooks) are not used.
export default defineOpencodeFamilyAdapter({
  id: "mimo-code",
  name: "MiMo Code",
  sources: [
    "https://github.com/XiaomiMiMo/MiMo-Code (packages/plugin/src/index.ts, packages/opencode/src/config/paths.ts)",
    "https://github.com/XiaomiMiMo/MiMo-Code/tree/main/packages/opencode/src/tool (registry.ts, names.ts and each tool's parameters: the tool vocabulary; glob and grep were not in the stored copy, their args are the lineage's)",
  ],
  verified: [{ by: "source", on: "2026-11" }],
  // MiMo also loads project `.opencode/` plugins: the module checks which host runs it, and its
  // file name differs from OpenCode's so a name-based dedupe cannot drop it (src/install/plugin-module/generate.ts).
  configName: "mimocode",
  folders: {
    user: (ctx) => join(xdgConfig(ctx, "mimocode"), "plugin"),
    project: ({ projectDir }) => join(projectDir, ".mimocode", "plugin"),
  },
  tools: MIMO_TOOLS,
  detect: { dirs: (ctx) => [xdgConfig(ctx, "mimocode"), join(ctx.home, ".mimocode")], bins: ["mimo"] },
});
