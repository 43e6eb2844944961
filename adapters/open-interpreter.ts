import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/open-interpreter.md. A Codex fork; whether it kept Codex's hooks (and where)
// is undocumented, so none are installed until a real build shows them.
export default defineMcpOnlyAdapter({
  id: "open-interpreter",
  name: "Open Interpreter",
  sources: ["https://github.com/openinterpreter/open-interpreter"],
  verified: [{ by: "docs", on: "2026-12-04", note: "its README; hooks unverified" }],
  // Codex's `[mcp_servers.<name>]` format, in its own config.toml; no project file.
  mcp: {
    format: "codex",
    scopes: { user: ({ home, env }) => join(env.INTERPRETER_HOME || join(home, ".openinterpreter"), "config.toml") },
    toolName: "{tool}",
  },
  detect: { dirs: ({ home, env }) => [env.INTERPRETER_HOME || join(home, ".openinterpreter")], bins: ["interpreter"] },
});
