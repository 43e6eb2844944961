import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { topLevelDecisionDialect } from "../src/dialects/top-level-decision.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.devin.ai/cli/extensibility/hooks/overview, …/hooks/lifecycle-hooks and
// https://cli.devin.ai/docs/extensibility/configuration (read 2026-11), docs/hosts/devin.md. Devin
// CLI (`devin`, "Devin for Terminal"), not Devin Desktop. No real-host run, no capture.
const devinDir = (home: string) => join(home, ".config", "devin"); // %APPDATA%\devin on Windows

export default defineAdapter({
  id: "devin",
  name: "Devin CLI",
  sources: [
    "https://docs.devin.ai/cli/extensibility/hooks/overview",
    "https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks",
    "https://cli.devin.ai/docs/extensibility/configuration",
    "https://docs.devin.ai/cli/extensibility/mcp/configuration",
    // Tool names: the hooks pages name exec, edit and mcp__…; the permissions page the edit/write
    // tools. Devin ships no source, so the rest of the names and the input keys come from a third
    // party's live captures of Devin CLI 3000.6.14 hook payloads (an AI-DLC hook adapter).
    "https://docs.devin.ai/cli/reference/permissions",
    "third-party live captures of Devin CLI 3000.6.14 hook payloads (tool names, file_path, apply_patch's command)",
  ],
  verified: [{ by: "docs", on: "2026-11" }],
  // The seven documented events. PostCompaction is reported by a third party only: not wired.
  events: sameNames(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "PermissionRequest"]),
  // snake_case; no cwd in the payload (the project is DEVIN_PROJECT_DIR). tool_response is
  // {success, output, error}. MCP tools are mcp__<server>__<tool>.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    projectDir: { env: ["DEVIN_PROJECT_DIR"], paths: ["cwd"] },
    toolOutput: { paths: ["tool_response.output", "tool_response"] },
    isError: { paths: ["tool_response.error"], present: true }, // null on success
  },
  // Lowercase names of Devin's own. Keys no source shows are left out: edit's replacement text and
  // webfetch's URL (a fetch carries no url here); write's content is reported by one party only.
  tools: {
    shell: { exec: { command: "command", cwd: "workdir" } },
    read: { read: { filePaths: "file_path" }, notebook_read: { filePaths: "notebook_path" } },
    write: { write: { filePaths: "file_path", content: "content" } },
    // apply_patch carries its "*** Begin Patch" text under `command`, not `patch`.
    edit: {
      edit: { filePaths: "file_path" },
      notebook_edit: { filePaths: "notebook_path" },
      apply_patch: { filePaths: { paths: ["command"], patch: true } },
    },
    // grep's file filter is `glob_pattern`; its `pattern` matches file contents.
    search: {
      grep: { query: "pattern", filePaths: "path" },
      glob: { query: "pattern", filePaths: "path" },
      ls: { filePaths: "path" },
    },
    fetch: { webfetch: {} },
    // input {profile, task, is_background, title}
    task: { run_subagent: { query: "task" } },
    other: {
      read_subagent: WHY.agents,
      todo_write: WHY.plan,
      ask_user_question: WHY.asks,
      skill: WHY.skill,
      request_scope: WHY.asks,
    },
  },
  // Top-level {decision: approve|block|deny, reason}; exit 2 blocks. No documented ask, input
  // rewrite or context field (the docs name "add context" as a use without a field): those degrade.
  dialect: topLevelDecisionDialect("devin", {
    UserPromptSubmit: ["deny"],
    PreToolUse: ["allow", "deny"],
    PermissionRequest: ["allow", "deny"],
    Stop: ["deny"], // block = keep going with the reason
  }),
  nativeMatcher: "search-regex", // a regex tested against tool_name
  nativeHooks: false, // every documented event has a normalized name
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      // The `hooks` key of config.json (JSONC), user and project; .devin/hooks.v1.json (a bare
      // event map) is the other project file Devin reads.
      root: ["hooks"],
      timeoutUnit: "s",
      scopes: {
        user: ({ home }) => join(devinDir(home), "config.json"),
        project: ({ projectDir }) => join(projectDir, ".devin", "config.json"),
      },
    },
  },
  detect: { dirs: ({ home }) => [devinDir(home), join(home, ".local", "share", "devin")], bins: ["devin"] },
  // "Existing hooks in .claude/ directories are also picked up automatically" (overview), run with
  // Devin's own payload and reply.
  // docs.devin.ai/cli/extensibility/mcp/configuration: `mcpServers` in the same config files; a
  // remote entry's transport is `transport`; `${env:VAR}` expands.
  mcp: {
    format: "devin",
    scopes: { user: ({ home }) => join(devinDir(home), "config.json"), project: ({ projectDir }) => join(projectDir, ".devin", "config.json") },
    toolName: "mcp__{server}__{tool}",
  },
  alsoRuns: [{ platform: "claude-code", scopes: ["user", "project"] }],
  // Documented for every hook command; Claude sends prompt_id too, so no payload key tells them apart.
  marker: { env: ["DEVIN_PROJECT_DIR"] },
});
