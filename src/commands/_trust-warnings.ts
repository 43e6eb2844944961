import type { Registry } from "../registry/types.ts";
import { homeProblem } from "../hook/home-trust.ts";
import { sourceProblem } from "../install/source-trust.ts";

/**
 * What status and doctor say of a home the hook refuses (every call fails open, running nothing:
 * `refused`, a problem) and of each installed connector whose config another user could replace.
 */
export async function trustWarnings(registry: Registry, connector?: string): Promise<{ lines: string[]; refused: boolean }> {
  const home = await homeProblem(undefined, process.env);
  const lines = sharedSourceWarnings(registry, connector);
  if (!home) return { lines, refused: false };
  const refusal = `${home}: every hook call fails open without running its connector, since another local user could change what it runs. Make it yours and writable by you only (chown, chmod go-w), or set AGENT_CONNECTOR_HOME to a folder of your own`;
  return { lines: [refusal, ...lines], refused: true };
}

function sharedSourceWarnings(registry: Registry, connector?: string): string[] {
  return Object.entries(registry).flatMap(([id, entry]) => {
    if (connector && id !== connector) return [];
    const problem = sourceProblem(entry.config);
    if (!problem) return [];
    const how = entry.allowShared ? "installed with --allow-shared" : "reinstall from a folder only you can write to";
    return [`${id}: ${problem}: another local user could replace its config and run their code in your hooks (${how})`];
  });
}
