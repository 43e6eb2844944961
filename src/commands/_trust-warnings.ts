import { statSync } from "node:fs";
import type { Registry } from "../registry/types.ts";
import { ledgerFolderProblem } from "../daemon/home-folders.ts";
import { homeProblem } from "../hook/home-trust.ts";
import { sourceProblem } from "../install/source-trust.ts";

/**
 * What status and doctor say of a home the hook refuses (every call fails open, running nothing:
 * `refused`, a problem), of a decision ledger the calls cannot write (`unrecorded`, a problem: the
 * guards run, their decisions go unrecorded and unshipped) and of each installed connector whose
 * config another user could replace.
 */
export async function trustWarnings(registry: Registry, connector?: string): Promise<{ lines: string[]; refused: boolean; unrecorded: boolean }> {
  const home = await homeProblem(undefined, process.env);
  const lines = sharedSourceWarnings(registry, connector);
  if (!home) {
    const ledger = ledgerFolderProblem(process.env, (path) => statSync(path, { throwIfNoEntry: false }));
    if (!ledger) return { lines, refused: false, unrecorded: false };
    const unrecorded = `${ledger}: hook calls run, but their decisions are not recorded in the ledger (nor shipped), since another local user could change it. Make it yours and writable by you only (chown, chmod go-w)`;
    return { lines: [unrecorded, ...lines], refused: false, unrecorded: true };
  }
  const refusal = `${home}: every hook call fails open without running its connector, since another local user could change what it runs. Make it yours and writable by you only (chown, chmod go-w), or set AGENT_CONNECTOR_HOME to a folder of your own`;
  return { lines: [refusal, ...lines], refused: true, unrecorded: false };
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
