import type { Reply } from "./dialect.ts";

/** Never blank: Codex rejects a deny whose reason is empty after trimming, and then the tool runs. */
export const denyReason = (reason: string | undefined, connectorId: string): string =>
  reason?.trim() ? reason : `Blocked by the ${connectorId} hook`;

export const jsonReply = (body: unknown): Reply => ({ stdout: `${JSON.stringify(body)}\n`, exitCode: 0 });
