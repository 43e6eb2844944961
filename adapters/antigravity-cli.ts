import { join } from "../src/paths.ts";
import { ANTIGRAVITY_TOOLS, defineAntigravityAdapter } from "../src/families/antigravity.ts";

// Facts: docs/hosts/antigravity-cli.md. agy 1.0.x reads user hooks from ~/.gemini/config/hooks.json
// (DefenseClaw's runs: the ~/.gemini/antigravity-cli/ folder agy --help names is never read).
// Never Gemini CLI's own files in the shared ~/.gemini tree.
export default defineAntigravityAdapter({
  id: "antigravity-cli",
  name: "Antigravity CLI",
  sources: [
    "https://cisco-ai-defense.github.io/defenseclaw/docs/connectors/antigravity/",
    "https://github.com/websentry-ai/setup/pull/104",
    // Tools (src/families/antigravity.ts): no Google list for the IDE or agy; third-party captures of
    // agy 1.1.27 followed, with the built-in names of Google's own SDK added.
    "https://github.com/google-antigravity/antigravity-sdk-python/blob/main/google/antigravity/types.py",
  ],
  verified: [{ version: "1.0.0", by: "third-party run", on: "2026-11", note: "agy 1.0.x; no official docs" }],
  tools: ANTIGRAVITY_TOOLS,
  userDir: ({ home }) => join(home, ".gemini", "config"),
  detect: { dirs: ({ home }) => [join(home, ".gemini", "config", "hooks.json"), join(home, ".gemini", "antigravity-cli")], bins: ["agy"] },
  alsoRuns: [{ platform: "antigravity", scopes: ["project"] }],
});
