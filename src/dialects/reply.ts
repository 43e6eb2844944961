import type { Reply } from "./dialect.ts";

/** Never blank: Codex rejects a deny whose reason is empty after trimming, and then the tool runs. */
export const denyReason = (reason: string | undefined, connectorId: string): string => (reason?.trim() ? reason : `Blocked by the ${connectorId} hook`);

export const jsonReply = (body: unknown): Reply => ({ stdout: `${JSON.stringify(body)}\n`, exitCode: 0 });

/**
 * A replacement input for hosts that shallow-merge a patch over the tool's input (Crush, Hermes):
 * the keys of the original input that the replacement leaves out are sent as null.
 */
export function patchReplacing(raw: Record<string, unknown>, updated: Record<string, unknown>): Record<string, unknown> {
  const before = raw.tool_input && typeof raw.tool_input === "object" ? Object.keys(raw.tool_input) : [];
  return { ...Object.fromEntries(before.filter((key) => !Object.hasOwn(updated, key)).map((key) => [key, null])), ...updated };
}
