import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { defineAdapter } from "../src/adapter.ts";
import { pluginActionsDialect } from "../src/dialects/plugin-actions.ts";

/** `~/.config/amp` (Amp's manual; the same path on Windows, under the user profile). */
const ampDir = ({ home }: PathContext) => join(home, ".config", "amp");

// Facts: docs/hosts/amp.md (docs only: Amp cannot run offline). The plugin API is experimental and
// has changed between releases: what this file and src/install/plugin-module/glue/amp-v1.ts follow
// is the manual as of @ampcode/cli 0.0.1790142911 (the build installed for the attempted real run).
export default defineAdapter({
  id: "amp",
  name: "Amp",
  sources: [
    "https://ampcode.com/manual/plugin-api (experimental; as of @ampcode/cli 0.0.1790142911)",
    "https://ampcode.com/manual#mcp (settings key amp.mcpServers)",
  ],
  events: {
    SessionStart: "session.start",
    UserPromptSubmit: "agent.start",
    PreToolUse: "tool.call",
    PostToolUse: "tool.result",
    // `tool.result` whose status is "error" or "cancelled".
    PostToolUseFailure: "tool.result",
    Stop: "agent.end",
  },
  payload: {
    sessionId: { paths: ["event.thread.id"] },
    // Not in Amp's events: the module sends the plugin process's directory.
    projectDir: { paths: ["cwd"] },
    prompt: { paths: ["event.message"] },
    toolName: { paths: ["event.tool"] },
    toolInput: { paths: ["event.input"] },
    toolOutput: { paths: ["event.output"] },
    toolUseId: { paths: ["event.toolUseID"] },
    error: { paths: ["event.error", "event.status"] },
    isInterrupt: { paths: ["event.status"], values: { cancelled: true, error: false } },
  },
  // Only tool.call's `reject-and-continue` is documented to act; modify, context and output
  // rewrites have no documented shape, and the other events' returns are not read.
  dialect: pluginActionsDialect("amp", { PreToolUse: ["deny"] }),
  nativeMatcher: "none",
  nativeHooks: true,
  hooks: {
    kind: "plugin-module",
    module: {
      generator: "amp-v1",
      folders: { user: (ctx) => join(ampDir(ctx), "plugins"), project: ({ projectDir }) => join(projectDir, ".amp", "plugins") },
    },
  },
  notice: "Amp loads plugins at start (or on `plugins: reload`); older builds load them only when started with PLUGINS=all.",
  mcp: {
    format: "amp",
    scopes: { user: (ctx) => join(ampDir(ctx), "settings.json"), project: ({ projectDir }) => join(projectDir, ".amp", "settings.json") },
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [ampDir(ctx)], bins: ["amp"] },
});
