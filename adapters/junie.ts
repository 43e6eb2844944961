import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";

// Facts: https://junie.jetbrains.com/docs/junie-cli-hooks.html and …/junie-cli-mcp-configuration.html
// (read 2026-11), docs/hosts/junie.md. Junie by JetBrains (CLI `junie` and the IDE plugin), not
// GitHub Copilot for JetBrains. No real-host run (sign-in): fixtures written from the docs.
export default defineAdapter({
  id: "junie",
  name: "Junie",
  sources: [
    "https://junie.jetbrains.com/docs/junie-cli-hooks.html",
    "https://junie.jetbrains.com/docs/junie-cli-mcp-configuration.html",
    "https://www.jetbrains.com/help/junie/action-allowlist.html", // action types only: no tool names
  ],
  verified: [{ by: "docs", on: "2026-11" }],
  // The one documented event; a third party writes more names, which Junie's docs do not have.
  events: { SessionStart: "SessionStart" }, // source "startup" / "resume"
  payload: SNAKE_CASE_PAYLOAD, // the Gemini CLI / Codex shape: session_id, cwd, hook_event_name, source
  // Output and exit status never reach Junie: a start hook is for side effects only.
  dialect: exitCodeDialect("junie", {}),
  nativeMatcher: "none", // its matcher is on the session source, which our SessionStart has none of
  tools: {
    unknown:
      "Junie's hooks have no tool events (SessionStart only), so no payload carries a tool name; its docs (hooks, MCP, Action Allowlist) give action types (Terminal, RunTest, Build, MCP), not tool names.",
  },
  nativeHooks: false,
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 10
      windows: { shell: "cmd" }, // documented: cmd /c
      // Project .junie/config.json hooks are ignored unless passed with --config-location: user scope only.
      scopes: { user: ({ home }) => join(home, ".junie", "config.json") },
    },
  },
  notice: "Junie runs only a SessionStart hook, for side effects: nothing it prints or returns reaches Junie.",
  mcp: {
    format: "plain",
    scopes: { user: ({ home }) => join(home, ".junie", "mcp", "mcp.json"), project: ({ projectDir }) => join(projectDir, ".junie", "mcp", "mcp.json") },
    toolName: "{tool}",
  },
  detect: { dirs: ({ home }) => [join(home, ".junie")], bins: ["junie"] },
});
