import type { EventName, HookResponse } from "../events.ts";

/**
 * What a host honours on an event. "allow" means an explicit allow differs from no opinion
 * (an auto-approval or a grant); the others are the HookResponse fields of the same names.
 */
export type Capability = "allow" | "deny" | "ask" | "modify" | "context" | "updatedOutput";
export type Capabilities = Partial<Record<EventName, readonly Capability[]>>;

/** A response reduced to what the host honours on this event. No decision = no opinion. */
export interface ResolvedResponse {
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
   * The host takes a new tool input on PreToolUse only together with an approval (an allow): a
   * rewrite there also skips the user's permission prompt. Declared (install, explain), never silent.
   */
  approvesRewrite?: boolean;
  /** Only called with a response already resolved against `capabilities`. */
  render(input: RenderInput): Reply;
}

export const EMPTY_REPLY: Reply = { exitCode: 0 };

export type { HookResponse };
