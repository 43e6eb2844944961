import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { definePiFamilyAdapter } from "../src/families/pi.ts";

/** `~/.omp/agent`, or `$PI_CODING_AGENT_DIR` (Oh My Pi maps its `OMP_*` names onto Pi's). */
const agentDir = ({ home, env }: PathContext) => env.PI_CODING_AGENT_DIR || join(home, ".omp", "agent");

// Facts: docs/hosts/omp.md (docs only, no real run). A Pi fork with Pi's extension contract
// (src/families/pi.ts); its args rewrite is the `{ input }` the module also returns.
export default definePiFamilyAdapter({
  id: "omp",
  name: "Oh My Pi",
  sources: ["https://github.com/can1357/oh-my-pi (docs/hooks.md, docs/extension-loading.md)"],
  folders: {
    user: (ctx) => join(agentDir(ctx), "extensions"),
    project: ({ projectDir }) => join(projectDir, ".omp", "extensions"),
  },
  notice: { project: "Oh My Pi may ask you to trust a project's extensions (`trustedExtensions`) before it loads them." },
  // `mcpServers` of mcp.json, typed entries (stdio, http, sse: its `/mcp add` wizard); the tool names are unverified.
  mcp: {
    format: "claude",
    scopes: { user: (ctx) => join(agentDir(ctx), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".omp", "mcp.json") },
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [join(ctx.home, ".omp")], bins: ["omp"] },
});
