import type { EventName, HookResponse } from "../events.ts";

/**
 * What a host honours on an event. "allow" means an explicit allow differs from no opinion
 * (an auto-approval or a grant); the others are the HookResponse fields of the same names.
 */
export type Capability = "allow" | "deny" | "ask" | "modify" | "context" | "updatedOutput";
export type Capabilities = Partial<Record<EventName, readonly Capability[]>>;

/** A response reduced to what the host honours on this event. No decision = no opinion. */
export interface ResolvedResponse extends ResolvedExtras {
  decision?: "allow" | "deny" | "ask" | "modify";
  reason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
  updatedOutput?: string;
}

export interface Reply {
  stdout?: string;
  stderr?: string;
  exitCode: number;
  /** Set on a deny: the reason, for the exit-2 fallback when stdout cannot be written. */
  denyReason?: string;
}

export interface RenderInput {
  event: EventName;
  nativeEvent: string;
  response: ResolvedResponse;
  connectorId: string;
  raw: Record<string, unknown>;
}

export interface Dialect {
  /** The host it speaks for. */
  id: string;
  /** The reply shape it renders: its file in src/dialects/ (tests pick hosts by it, e.g. every "exit-code" host). */
  family: string;
  capabilities: Capabilities;
  /** How the host reads our stdout: JSON (the default), or plain text it adds to the context (Kiro, Amazon Q). */
  stdout?: "json" | "text";
  /**
   * How the host takes a new tool input on PreToolUse, for the dialects whose reply carries a
   * permission decision beside it. Absent: a rewrite is the host's own kind of answer (no approval in it).
   */
  rewrite?: RewriteFacts;
  /** The answer fields besides a decision it honours (halt, systemMessage, suppressOutput): src/dialects/extras.ts. None when absent. */
  extras?: ExtrasFacts;
  /** Only called with a response already resolved against `capabilities`. */
  render(input: RenderInput): Reply;
}

/** How a host takes a rewritten tool input on PreToolUse (a host fact: the adapter's `sources` say where from). */
export interface RewriteFacts {
  /**
   * "neutral": the new input alone is honoured and the host's own permission rules and prompts still
   * apply to it (`decision: "modify"`). "approves": the host takes a new input only together with an
   * allow, so a modify there also skips the prompt: a declared degradation (install, explain).
   */
  alone: "neutral" | "approves";
  /** An ask may carry the new input: the host asks about the rewritten call. Else a rewrite given with ask is dropped (declared). */
  withAsk: boolean;
}

/** The reply dialects that put a permission decision beside a new input, until an adapter says more. */
export const REWRITE_NEEDS_ALLOW: RewriteFacts = { alone: "approves", withAsk: false };

export const EMPTY_REPLY: Reply = { exitCode: 0 };

export type { HookResponse };

/**
 * The answer fields besides a decision that users have in their best host: `halt` (end the
 * agent's turn or run), `systemMessage` (a message shown to the user, never to the model),
 * `suppressOutput` (keep the hook's output out of the host's transcript). Which of them a host
 * honours, on which events, is data of its adapter (ExtrasFacts, with the host's sources beside
 * it in the adapter's `sources`); what it does not honour degrades by one rule (resolve.ts) and
 * is declared by install, explain and simulate like every other field.
 */
export type Extra = "halt" | "systemMessage" | "suppressOutput";

/** How a host spells the extras in its reply. */
export type ExtrasSpelling =
  /** Claude Code's top-level universal fields, copied by Codex and Gemini CLI: `continue: false` + `stopReason`, `systemMessage`, `suppressOutput`. */
  | "universal"
  /** Cursor's: a halt is `continue: false` + `user_message` (beforeSubmitPrompt: the prompt is not sent). */
  | "cursor";

/** Which extras a host honours, per event ("all": every event it has). */
export interface ExtrasFacts {
  spelling: ExtrasSpelling;
  halt?: readonly EventName[] | "all";
  systemMessage?: readonly EventName[] | "all";
  suppressOutput?: readonly EventName[] | "all";
}

/** What a response asks besides its decision, reduced to what the host honours here. */
export interface ResolvedExtras {
  halt?: { reason?: string };
  systemMessage?: string;
  suppressOutput?: true;
}
