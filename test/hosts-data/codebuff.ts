import { PLAIN } from "./mcp.ts";
import type { HostRecord } from "./record.ts";

// Codebuff has no hook layer (test/mcp-only.test.ts checks that install writes nothing for hooks there):
// its record is what install writes for MCP servers.
export const codebuff: HostRecord = {
  id: "codebuff",
  fixtures: {},
  mcp: { kind: "user-file", file: ".agents/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
};
