import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { definePiFamilyAdapter } from "../src/families/pi.ts";
import { WHY } from "../src/tools/other-reasons.ts";

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
    "@oh-my-pi/pi-coding-agent@18.2.3 src/tools/ (builtin-names.ts, index.ts and each tool's schema), src/edit/schemas.ts, src/task/types.ts, src/extensibility/tool-event-input.ts: the tool vocabulary",
  ],
  verified: [
    { version: "18.2.3", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-11" },
  ],
  version: { npm: "@oh-my-pi/pi-coding-agent", run: true },
  // `*.ts`/`*.js` of these folders, or `<name>/index.ts`, imported by Bun. No project trust:
  // 18.2.3 loads a project's extensions unconditionally (ExtensionContext.isProjectTrusted).
  folders: {
    user: (ctx) => join(agentDir(ctx), "extensions"),
    project: ({ projectDir }) => join(projectDir, ".omp", "extensions"),
  },
  stopContinues: true,
  // BUILTIN_TOOL_NAMES of 18.2.3 (src/tools/builtin-names.ts) and each tool's schema; `event.input`
  // is the call's args after extensibility/tool-event-input.ts, which gives a hashline `edit` (whose
  // only arg is the patch text `input`) the `path`/`paths` its headers name. MCP tools and
  // extensions add theirs.
  tools: {
    // eval runs code in a language runtime; its input keys are not in our sources.
    shell: { bash: { command: "command", cwd: "cwd" }, eval: {} },
    // `path` may also be a URL or an internal URI (memory://, skill://, xd://): read fetches those too.
    read: { read: { filePaths: "path" } },
    write: { write: { filePaths: "path", content: "content" } },
    // edit.mode (default hashline) picks the args: replace `{path, old_string, new_string}`, patch
    // `{path, edits}`, hashline `{input}`, apply_patch `{input}` (no path derived for this one).
    edit: { edit: { filePaths: { paths: ["paths", "path"], list: true }, content: "new_string" }, ast_edit: { filePaths: { paths: ["paths"], list: true } } },
    // glob has no pattern arg: `path` is the glob (or several, `;`-separated).
    search: { grep: { query: "pattern", filePaths: "path" }, glob: { filePaths: "path" }, ast_grep: { query: "pat", filePaths: "path" } },
    fetch: { web_search: { query: "query" } },
    // The flat form; a batch `{context, tasks: [{task}]}` has no one prompt.
    task: { task: { query: "task" } },
    other: {
      ask: WHY.asks,
      debug: "drives a debugger session (breakpoints, stepping) over a program already run",
      github: WHY.remote,
      lsp: WHY.lsp,
      checkpoint: WHY.turn,
      rewind: WHY.turn,
      context_notes: WHY.memory,
      new_context: WHY.turn,
      security_scan: WHY.review,
      hub: WHY.remote,
      todo: WHY.plan,
      memory_edit: WHY.memory,
      retain: WHY.memory,
      recall: WHY.memory,
      reflect: WHY.memory,
      learn: WHY.memory,
      manage_skill: WHY.skill,
      think: WHY.plan,
      yield: WHY.turn,
      goal: WHY.plan,
    },
  },
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
