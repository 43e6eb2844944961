import { join } from "../src/paths.ts";
import { ANTIGRAVITY_TOOLS, defineAntigravityAdapter } from "../src/families/antigravity.ts";

// Facts: docs/hosts/antigravity.md (no official hooks docs; the peer project's path for the IDE,
// confirmed by it on a real install for mcp_config.json). Never Gemini CLI's own files in the
// shared ~/.gemini tree (settings.json): only the antigravity/ folder and the project's .agents/.
export default defineAntigravityAdapter({
  id: "antigravity",
  name: "Antigravity",
  sources: [
    "https://cisco-ai-defense.github.io/defenseclaw/docs/connectors/antigravity/",
    "https://github.com/websentry-ai/setup/pull/104",
    // Tools (src/families/antigravity.ts): no Google list for the IDE or agy; third-party captures of
    // agy 1.1.27 followed, with the built-in names of Google's own SDK added.
    "https://github.com/google-antigravity/antigravity-sdk-python/blob/main/google/antigravity/types.py",
  ],
  verified: [{ version: "1.0.0", by: "third-party run", on: "2026-11", note: "agy 1.0.x; no official docs" }],
  tools: ANTIGRAVITY_TOOLS,
  userDir: ({ home }) => join(home, ".gemini", "antigravity"),
  detect: { dirs: ({ home }) => [join(home, ".gemini", "antigravity")], bins: ["antigravity"] },
  // The project's .agents/hooks.json is read by the IDE and agy alike.
  alsoRuns: [{ platform: "antigravity-cli", scopes: ["project"] }],
});
