import { PLAIN, URL_HTTP } from "./mcp.ts";
import type { HostRecord } from "./record.ts";

// Roo Code has no hook layer (test/mcp-only.test.ts checks that install writes nothing for hooks there):
// its record is what install writes for MCP servers.
export const rooCode: HostRecord = {
  id: "roo-code",
  fixtures: {},
  mcp: {
    kind: "user-file",
    file: ".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
    root: "mcpServers",
    rec: PLAIN.rec,
    api: { type: "streamable-http", url: URL_HTTP },
  },
};
