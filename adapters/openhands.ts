import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { decisionReasonDialect } from "../src/dialects/decision-reason.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";

// Facts: https://docs.openhands.dev/openhands/usage/customization/hooks, https://docs.openhands.dev/sdk/guides/hooks
// and OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/hooks/{config,executor,types}.py
// (read 2026-11), docs/hosts/openhands.md. No real-host run (a Python app and a model): fixtures
// written from the docs and the SDK's source.
const openhandsDir = ({ home, env }: PathContext) => (env.OPENHANDS_PERSISTENCE_DIR ? absolute(env.OPENHANDS_PERSISTENCE_DIR) : join(home, ".openhands"));

export default defineAdapter({
  id: "openhands",
  name: "OpenHands",
  sources: ["https://docs.openhands.dev/openhands/usage/customization/hooks", "https://docs.openhands.dev/sdk/guides/hooks", "https://github.com/OpenHands/software-agent-sdk/tree/main/openhands-sdk/openhands/sdk/hooks"],
  // Failures arrive as PostToolUse with an error in tool_response.
  events: sameNames(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // `event_type`, `working_dir` and the prompt as `message`; the env also names the project.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["OPENHANDS_PROJECT_DIR"], paths: ["working_dir"] }, prompt: { paths: ["message"] } },
  // {decision: allow|deny, reason, additionalContext}; exit 2 blocks too. No ask, no input rewrite.
  dialect: decisionReasonDialect("openhands", { UserPromptSubmit: ["deny", "context"], PreToolUse: ["deny"], Stop: ["deny"] }),
  nativeMatcher: "anchored-regex", // a plain name exactly, a pattern as a full match
  nativeHooks: false, // every documented event has a normalized name
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 60
      projectFirst: true, // the SDK loads the first hooks file it finds: the project's, else the user's
      scopes: {
        user: (ctx) => join(openhandsDir(ctx), "hooks.json"),
        project: ({ projectDir }) => join(projectDir, ".openhands", "hooks.json"),
      },
    },
  },
  // The SDK loads the first hooks file it finds, the project's before the user's: not merged.
  notice: {
    user: "OpenHands reads one hooks file, the project's .openhands/hooks.json first: in a project that has one, this user file is not read (install with --scope project there).",
    project: "OpenHands reads one hooks file, this one first: the user's ~/.openhands/hooks.json is no longer read in this project.",
  },
  mcp: { format: "plain", scopes: { user: (ctx) => join(openhandsDir(ctx), "mcp.json") }, toolName: "{tool}" },
  detect: { dirs: (ctx) => [openhandsDir(ctx)], bins: ["openhands"] },
});
