import type { HostRecord } from "./record.ts";

// Trae has no hook layer (test/mcp-only.test.ts checks that install writes nothing for hooks there):
// its record is what install writes for MCP servers; its user list is kept in its UI: test/mcp.test.ts checks the steps install prints, and its project file.
export const trae: HostRecord = {
  id: "trae",
  fixtures: {},
  mcp: { kind: "own-test", file: "test/mcp.test.ts" },
};
