import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/codebuff.md. No lifecycle hooks: `codebuff.json` start-up processes and
// file-change checks are not per-event callbacks. `~/.agents/` is shared with other tools, so only
// the binary counts as a sign.
export default defineMcpOnlyAdapter({
  id: "codebuff",
  name: "Codebuff",
  sources: ["https://www.codebuff.com/docs/tips/mcp-servers"],
  detect: { dirs: () => [], bins: ["codebuff"] },
});
