import { join } from "../src/paths.ts";
import { defineMcpOnlyAdapter } from "../src/families/mcp-only.ts";

// Facts: docs/hosts/trae.md. Trae documents no hook layer (MCP, rules and custom agents only).
export default defineMcpOnlyAdapter({
  id: "trae",
  name: "Trae",
  sources: ["https://www.volcengine.com/docs/86677/2137601"],
  detect: { dirs: ({ home }) => [join(home, ".trae")], bins: [] },
});
