import { join } from "../src/paths.ts";
import { defineAntigravityAdapter } from "../src/families/antigravity.ts";

// Facts: docs/hosts/antigravity.md (no official hooks docs; the peer project's path for the IDE,
// confirmed by it on a real install for mcp_config.json). Never Gemini CLI's own files in the
// shared ~/.gemini tree (settings.json): only the antigravity/ folder and the project's .agents/.
export default defineAntigravityAdapter({
  id: "antigravity",
  name: "Antigravity",
  // Sources, tools and what they were checked against: the family's (src/families/antigravity.ts).
  userDir: ({ home }) => join(home, ".gemini", "antigravity"),
  detect: { dirs: ({ home }) => [join(home, ".gemini", "antigravity")], bins: ["antigravity"] },
  // The project's .agents/hooks.json is read by the IDE and agy alike.
  alsoRuns: [{ platform: "antigravity-cli", scopes: ["project"] }],
});
