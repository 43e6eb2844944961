import { join } from "../paths.ts";
import { defineAdapter, type Adapter, type AdapterSpec, type PathContext } from "../adapter.ts";
import { sameNames } from "../events.ts";
import { decisionReasonDialect } from "../dialects/decision-reason.ts";

/**
 * What Google Antigravity's IDE and its CLI (`agy`) share. Antigravity has no public hooks
 * reference: this follows third-party runs of agy 1.0.x (DefenseClaw's connector notes, WebSentry's
 * setup PR, docs/hosts/antigravity.md): a Claude-style `{"hooks": {Event: [{matcher, hooks}]}}`
 * file, camelCase payloads `{conversationId, toolCall: {name, args}, workspacePaths}`, a
 * `{decision, reason}` reply. Only PreToolUse and PostToolUse were seen to run; SessionStart,
 * Stop and the prompt events parse but never run, so they are not wired.
 */
export const ANTIGRAVITY_PROJECT_HOOKS = ({ projectDir }: PathContext): string => join(projectDir, ".agents", "hooks.json");

export interface AntigravityHost<Id extends string, Ref extends string> extends Pick<AdapterSpec<Id, Ref>, "id" | "name" | "detect" | "alsoRuns"> {
  /** The user-level folder holding hooks.json and mcp_config.json. */
  userDir: (ctx: PathContext) => string;
  sources: readonly string[];
}

export const defineAntigravityAdapter = <const Id extends string, const Ref extends string = never>(host: AntigravityHost<Id, Ref>): Adapter<Id, Ref> =>
  defineAdapter<Id, Ref>({
    id: host.id,
    name: host.name,
    sources: host.sources,
    events: sameNames(["PreToolUse", "PostToolUse"]),
    payload: {
      // The reported shape first, then the Claude-style names the peer project expects.
      sessionId: { paths: ["conversationId", "sessionId"] },
      projectDir: { paths: ["workspacePaths.0", "cwd"] },
      toolName: { paths: ["toolCall.name", "toolName"] },
      toolInput: { paths: ["toolCall.args", "toolInput"] },
      toolOutput: { paths: ["toolOutput", "output"] },
      isError: { paths: ["error"], present: true },
    },
    // An allow does not skip Antigravity's own review; ask (and force_ask) prompts. Malformed output fails closed.
    dialect: decisionReasonDialect(host.id, { PreToolUse: ["deny", "ask"] }),
    nativeMatcher: "search-regex", // a regex on the tool name, "" for every tool
    toolNames: ["run_command", "view_file", "write_to_file", "replace_file_content", "edit_file", "codebase_search"],
    nativeHooks: false,
    hooks: {
      kind: "hook-file",
      file: {
        layout: "nested-matcher-groups",
        root: ["hooks"],
        timeoutUnit: "s",
        scopes: { user: (ctx) => join(host.userDir(ctx), "hooks.json"), project: ANTIGRAVITY_PROJECT_HOOKS },
      },
    },
    notice: `${host.name}'s hooks are not documented by Google: this follows third-party runs of agy 1.0.x, where PreToolUse and PostToolUse ran; check that your hooks fire (agent-connector doctor).`,
    mcp: {
      format: "antigravity",
      scopes: { user: (ctx) => join(host.userDir(ctx), "mcp_config.json"), project: ({ projectDir }) => join(projectDir, ".agents", "mcp_config.json") },
      toolName: "{tool}",
    },
    detect: host.detect,
    ...(host.alsoRuns ? { alsoRuns: host.alsoRuns } : {}),
  });
