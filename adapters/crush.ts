import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { crushDialect } from "../src/dialects/crush.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";

// Facts: charmbracelet/crush docs/hooks/README.md, internal/hooks/{hooks,input,runner}.go,
// internal/config/load.go (v0.90.0 and the nightly of 2026-08-21); docs/hosts/crush.md. The fact
// sheet lists 13 events from a newer built-in skill, which says an unknown event name is a config
// error: every release we could read knows PreToolUse only, so nothing else is ever written.
const crushConfigDir = ({ home, env }: PathContext) =>
  env.CRUSH_GLOBAL_CONFIG ? absolute(env.CRUSH_GLOBAL_CONFIG) : join(env.XDG_CONFIG_HOME ? absolute(env.XDG_CONFIG_HOME) : join(home, ".config"), "crush");

export default defineAdapter({
  id: "crush",
  name: "Crush",
  sources: [
    "https://github.com/charmbracelet/crush/blob/main/docs/hooks/README.md",
    "https://github.com/charmbracelet/crush/tree/main/internal/hooks",
    "https://github.com/charmbracelet/crush#mcps",
    "https://github.com/charmbracelet/crush/blob/main/internal/config/resolve.go",
  ],
  // Top-level agent's tool calls only (a subagent's own calls are not hooked). Tool names are
  // lowercase: bash, edit, multiedit, write, view, ls, grep, glob, fetch, agent, mcp_<server>_<tool>.
  events: { PreToolUse: "PreToolUse" },
  // The event is under `event`, not hook_event_name; Crush exports the project dir.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["CRUSH_PROJECT_DIR"], paths: ["cwd"] } },
  // No ask: silence already means "the normal permission prompt".
  dialect: crushDialect("crush", { PreToolUse: ["allow", "deny", "modify", "context"] }),
  // Go regexp (RE2), searched anywhere in the name; a pattern Go cannot compile fails Crush's whole config.
  nativeMatcher: "search-name-list",
  nativeHooks: false, // no host-only event in any release we could read
  hooks: {
    kind: "hook-file",
    file: {
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s", // default 30
      scopes: {
        user: (ctx) => join(crushConfigDir(ctx), "crush.json"),
        // Crush also reads .crush.json (which wins over crush.json in the same folder).
        project: ({ projectDir }) => join(projectDir, "crush.json"),
      },
    },
  },
  // Crush's README (MCPs) and internal/config/resolve.go: `mcp` in the same crush.json files, typed
  // entries, `$VAR` / `${VAR}` expanded anywhere in a value.
  mcp: {
    format: "crush",
    scopes: { user: (ctx) => join(crushConfigDir(ctx), "crush.json"), project: ({ projectDir }) => join(projectDir, "crush.json") },
    toolName: "mcp_{server}_{tool}",
  },
  detect: { dirs: (ctx) => [crushConfigDir(ctx), join(ctx.home, ".local", "share", "crush")], bins: ["crush"] },
});
