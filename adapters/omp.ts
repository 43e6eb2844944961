import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { definePiFamilyAdapter } from "../src/families/pi.ts";

/**
 * Oh My Pi's agent dir (`@oh-my-pi/pi-utils` src/dirs.ts, 18.2.3): `~/.omp/agent`, or
 * `$PI_CODING_AGENT_DIR`; under a named profile (`OMP_PROFILE`, else `PI_PROFILE`; "default" is
 * none) `~/.omp/profiles/<name>/agent`, which `PI_CODING_AGENT_DIR` does not override.
 * `PI_CONFIG_DIR` renames `.omp`. (`OMP_*` names are mapped onto `PI_*` only inside its `.env` files.)
 */
const agentDir = ({ home, env }: PathContext) => {
  const root = join(home, env.PI_CONFIG_DIR || ".omp");
  const profile = (env.OMP_PROFILE !== undefined ? env.OMP_PROFILE : env.PI_PROFILE)?.trim();
  if (profile && profile !== "default") return join(root, "profiles", profile, "agent");
  return env.PI_CODING_AGENT_DIR || join(root, "agent");
};

// Facts: docs/hosts/omp.md (real run of 18.2.3, npm @oh-my-pi/pi-coding-agent, Bun). A Pi fork with
// Pi's extension contract (src/families/pi.ts), plus `session_stop`, where Stop can keep the run
// going. Its args rewrite is the `{ input }` the module also returns; its `before_agent_start`
// system prompt is a list of sections.
export default definePiFamilyAdapter({
  id: "omp",
  name: "Oh My Pi",
  sources: [
    "https://github.com/can1357/oh-my-pi (docs/hooks.md, docs/extension-loading.md)",
    "real run of @oh-my-pi/pi-coding-agent 18.2.3 and its shipped src/ (extensibility/extensions/runner.ts, extensibility/shared-events.ts, discovery/builtin.ts, mcp/tool-bridge.ts; @oh-my-pi/pi-utils src/dirs.ts)",
  ],
  // `*.ts`/`*.js` of these folders, or `<name>/index.ts`, imported by Bun. No project trust:
  // 18.2.3 loads a project's extensions unconditionally (ExtensionContext.isProjectTrusted).
  folders: {
    user: (ctx) => join(agentDir(ctx), "extensions"),
    project: ({ projectDir }) => join(projectDir, ".omp", "extensions"),
  },
  stopContinues: true,
  // BUILTIN_TOOL_NAMES of 18.2.3 (src/tools/builtin-names.ts); MCP tools and extensions add theirs.
  toolNames: [
    "read", "bash", "edit", "ast_grep", "ast_edit", "ask", "debug", "eval", "github", "glob", "grep", "lsp", "checkpoint", "rewind",
    "context_notes", "new_context", "security_scan", "task", "hub", "todo", "web_search", "write", "memory_edit", "retain", "recall",
    "reflect", "learn", "manage_skill",
  ],
  // `mcpServers` of mcp.json, typed entries (stdio, http, sse), `${VAR}` expanded. A tool is
  // `mcp__<server>_<tool>` (lowercased, other characters `_`, a `<server>_` prefix of the tool's
  // name dropped), offered top-level only with `tools.xdev: false` (else as an `xd://` device).
  mcp: {
    format: "claude",
    scopes: { user: (ctx) => join(agentDir(ctx), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".omp", "mcp.json") },
    toolName: "mcp__{server}_{tool}",
  },
  detect: { dirs: (ctx) => [join(ctx.home, ".omp")], bins: ["omp"] },
});
