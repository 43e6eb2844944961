import type { Reply } from "./dialect.ts";

export const denyReason = (reason: string | undefined, connectorId: string): string =>
  reason || `Blocked by the ${connectorId} hook`;

export const jsonReply = (body: unknown): Reply => ({ stdout: `${JSON.stringify(body)}\n`, exitCode: 0 });
