import { join } from "../src/paths.ts";
import { defineAntigravityAdapter } from "../src/families/antigravity.ts";

// Facts: docs/hosts/antigravity-cli.md. agy 1.0.x reads user hooks from ~/.gemini/config/hooks.json
// (DefenseClaw's runs: the ~/.gemini/antigravity-cli/ folder agy --help names is never read).
// Never Gemini CLI's own files in the shared ~/.gemini tree.
export default defineAntigravityAdapter({
  id: "antigravity-cli",
  name: "Antigravity CLI",
  // Sources, tools and what they were checked against: the family's (src/families/antigravity.ts).
  userDir: ({ home }) => join(home, ".gemini", "config"),
  detect: { dirs: ({ home }) => [join(home, ".gemini", "config", "hooks.json"), join(home, ".gemini", "antigravity-cli")], bins: ["agy"] },
  alsoRuns: [{ platform: "antigravity", scopes: ["project"] }],
});
