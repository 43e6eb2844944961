import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { definePiFamilyAdapter } from "../src/families/pi.ts";

/** `~/.pi/agent`, or `$PI_CODING_AGENT_DIR`. */
const agentDir = ({ home, env }: PathContext) => env.PI_CODING_AGENT_DIR || join(home, ".pi", "agent");

// Facts: docs/hosts/pi.md (real run of 0.73.1, npm @mariozechner/pi-coding-agent). Events, payload
// and replies are the family's (src/families/pi.ts). No MCP: core Pi takes no MCP servers (an
// extension package can add them), so install reports MCP servers as "add by hand".
export default definePiFamilyAdapter({
  id: "pi",
  name: "Pi",
  sources: [
    "https://github.com/badlogic/pi-mono (packages/coding-agent/docs/extensions.md; renamed earendil-works/pi)",
    "real run of @mariozechner/pi-coding-agent 0.73.1 (docs/hosts/pi.md)",
    "@mariozechner/pi-coding-agent@0.73.1 dist/core/tools/ (tool names and args: the tool vocabulary, src/families/pi.ts)",
  ],
  verified: [
    { version: "0.73.1", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@mariozechner/pi-coding-agent", run: true },
  // `*.ts` of these folders, loaded by jiti; a project's folder once the project is trusted
  // (0.73.1 loaded it in `-p` mode without asking).
  folders: {
    user: (ctx) => join(agentDir(ctx), "extensions"),
    project: ({ projectDir }) => join(projectDir, ".pi", "extensions"),
  },
  notice: { project: "Pi loads a project's extensions once you trust the project (newer Pi asks; 0.73.1 did not)." },
  detect: { dirs: (ctx) => [agentDir(ctx)], bins: ["pi"] },
});
