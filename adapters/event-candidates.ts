import type { HostId } from "./hosts.ts";

/**
 * The newer lifecycle events, by the seed's rule: an event is normalized once at least
 * NORMALIZE_AT hosts have a native analog (the same moment, whatever they call it). Each candidate
 * lists the hosts whose docs or source have one. docs/connector.md's table of them is made from
 * this list and the adapters (build/events-table.ts): the hosts that wire a normalized event are
 * read from their `events`, so `analogs` holds only analogs of other hosts.
 */
export const NORMALIZE_AT = 3;

export interface Analog {
  /** The host's own name for it. */
  name: string;
  /** Its other names, where the host splits it (Kiro's file events). */
  also?: readonly string[];
  /** On a normalized event: why this host's analog is not wired (yet). */
  notWired?: string;
}

export interface Candidate {
  /** Claude Code's name (the reference vocabulary), or the name the hosts that have it share. */
  event: string;
  /** When it fires. */
  what: string;
  /** The hosts with a native analog, where their adapter does not wire it as a normalized event. */
  analogs: Partial<Record<HostId, Analog>>;
  /** Hosts with an event of the same name that means something else: not counted. */
  unlike?: Partial<Record<HostId, string>>;
  /** Why an event that passes the rule is left to nativeHooks: required there, nowhere else. */
  left?: string;
}

const same = (event: string): Analog => ({ name: event });

// Facts: code.claude.com/docs/en/hooks (Claude Code's events), each host's docs page under
// docs/hosts/ and the sources its adapter names; Codex 0.171.0's hook schemas (the binary) and
// openai/codex codex-rs/hooks/src/events/; MoonshotAI/kimi-code agentExternalHooksService.ts.
export const CANDIDATES: readonly Candidate[] = [
  {
    event: "StopFailure",
    what: "a turn ended by an API error (rate limit, authentication, billing, server) instead of a stop",
    analogs: {
      codex: { name: "StopFailure", notWired: "in newer source trees (codex-rs/hooks/src/events/stop_failure.rs), not in 0.171.0" },
      crush: { name: "StopFailure", notWired: "in the newest skill's list only; Crush takes PreToolUse alone (an event it does not know breaks its config)" },
    },
  },
  {
    event: "PermissionDenied",
    what: "after a tool call was denied (Claude Code: by its auto-mode classifier; the others: by a rule or the user)",
    analogs: {},
  },
  {
    event: "Interrupt",
    what: "the user interrupted a turn",
    analogs: { codex: same("Interrupt"), "kimi-code": same("Interrupt"), crush: same("Interrupt") },
    left: "Claude Code has none (its Stop does not fire on an interrupt) and Crush's is in its newest skill only, so two hosts can run it; Codex takes only `systemMessage` back",
  },
  {
    event: "TaskCreated",
    what: "an item of the agent's task list is created",
    analogs: { "claude-code": same("TaskCreated"), codebuddy: same("TaskCreated"), "qwen-code": { name: "TodoCreated" } },
    unlike: { "grok-cli": "a delegated agent's start, not a task item (agent_type, description)" },
    left: "only Claude Code documents its payload; CodeBuddy's and Qwen Code's fields are not in their docs",
  },
  {
    event: "TaskCompleted",
    what: "an item of the agent's task list is completed",
    analogs: {
      "claude-code": same("TaskCompleted"),
      codebuddy: same("TaskCompleted"),
      continue: same("TaskCompleted"),
      "qwen-code": { name: "TodoCompleted" },
      kiro: { name: "PostTaskExec" },
    },
    unlike: { "grok-cli": "a delegated agent's end, not a task item (agent_type, description, success)" },
    left: "Continue declares it with no call site (types.ts), CodeBuddy's and Qwen Code's payloads are undocumented, Kiro's is a spec task run by the agent: one host fires it verifiably for a task item",
  },
  {
    event: "ConfigChange",
    what: "a settings file changed during the session",
    analogs: { "claude-code": same("ConfigChange"), codebuddy: same("ConfigChange"), continue: same("ConfigChange") },
    left: "Continue declares it with no call site and CodeBuddy documents no payload: one host fires it verifiably",
  },
  {
    event: "TeammateIdle",
    what: "a teammate of an agent team is about to go idle",
    analogs: { "claude-code": same("TeammateIdle"), codebuddy: same("TeammateIdle"), continue: same("TeammateIdle") },
    left: "Continue declares it with no call site and CodeBuddy documents no payload: one host fires it verifiably",
  },
  {
    event: "WorktreeCreate",
    what: "a git worktree is created for the session",
    analogs: {
      "claude-code": same("WorktreeCreate"),
      codebuddy: same("WorktreeCreate"),
      continue: same("WorktreeCreate"),
      windsurf: { name: "post_setup_worktree" },
    },
    left: "Claude Code's hook replaces the creation (it prints the worktree's path), Windsurf's runs after it; Continue declares it with no call site: no one meaning to normalize",
  },
  {
    event: "WorktreeRemove",
    what: "a git worktree of the session is removed",
    analogs: { "claude-code": same("WorktreeRemove"), codebuddy: same("WorktreeRemove"), continue: same("WorktreeRemove") },
    left: "Continue declares it with no call site and CodeBuddy documents no payload: one host fires it verifiably",
  },
  {
    event: "CwdChanged",
    what: "the session's working folder changed",
    analogs: { "claude-code": same("CwdChanged"), codebuddy: same("CwdChanged"), "grok-cli": same("CwdChanged") },
    left: "Grok CLI's is read from source only and CodeBuddy documents no payload; the two that do spell the folders differently (Grok CLI: old_cwd, new_cwd)",
  },
  {
    event: "InstructionsLoaded",
    what: "instruction files (CLAUDE.md, AGENTS.md…) were loaded",
    analogs: { "claude-code": same("InstructionsLoaded"), codebuddy: same("InstructionsLoaded"), "grok-cli": same("InstructionsLoaded") },
    left: "one file per call on Claude Code, a list of files on Grok CLI (files_loaded), no documented payload on CodeBuddy",
  },
  {
    event: "FileChanged",
    what: "a file changed on disk",
    analogs: { "claude-code": same("FileChanged"), codebuddy: same("FileChanged"), kiro: { name: "PostFileSave", also: ["PostFileCreate", "PostFileDelete"] } },
    left: "Claude Code fires it for the files a hook asked to watch, Kiro for the IDE's saves, creations and deletions (three events), CodeBuddy documents no payload",
  },
  { event: "Elicitation", what: "an MCP server asks the user for input", analogs: { "claude-code": same("Elicitation"), codebuddy: same("Elicitation") } },
  {
    event: "ElicitationResult",
    what: "the user answered an MCP elicitation",
    analogs: { "claude-code": same("ElicitationResult"), codebuddy: same("ElicitationResult") },
  },
  { event: "Setup", what: "the repository's setup runs (--init, --maintenance)", analogs: { "claude-code": same("Setup"), codebuddy: same("Setup") } },
  { event: "PostToolBatch", what: "after a batch of parallel tool calls, before the next model call", analogs: { "claude-code": same("PostToolBatch") } },
  { event: "UserPromptExpansion", what: "a slash command or skill expanded the user's prompt", analogs: { "claude-code": same("UserPromptExpansion") } },
  {
    event: "PermissionResult",
    what: "the user answered a permission prompt",
    analogs: { "kimi-code": same("PermissionResult"), crush: same("PermissionResult") },
  },
  {
    event: "TurnStarted",
    what: "a turn starts (a prompt or a continuation)",
    analogs: { "kimi-code": same("TurnStarted"), crush: { name: "TurnStart" } },
  },
  { event: "UserPromptQueued", what: "a prompt was queued while a turn runs", analogs: { "kimi-code": same("UserPromptQueued") } },
  { event: "SessionHeartbeat", what: "a periodic beat of a live session", analogs: { "kimi-code": same("SessionHeartbeat") } },
  { event: "TaskStarted", what: "a background task starts", analogs: { "kimi-code": same("TaskStarted") } },
  { event: "PreTaskExec", what: "before a spec task runs", analogs: { kiro: same("PreTaskExec") } },
  { event: "Manual", what: "the user runs the hook by hand", analogs: { kiro: same("Manual") } },
  { event: "SessionDelete", what: "a saved session is deleted", analogs: { "qwen-code": same("SessionDelete") } },
  { event: "MessageDisplay", what: "a message is shown to the user", analogs: { "qwen-code": same("MessageDisplay") } },
];
