import { readFileSync } from "node:fs";
import * as v from "valibot";
import { HOST_IDS } from "../../adapters/index.ts";
import { parseCompiled, type CompiledMeta } from "../compiled/artifact.ts";
import { ConnectorConfigError } from "../config/errors.ts";
import { checkConnectorConfig, configExport } from "../config/read.ts";
import { connectorSchema } from "../config/schema.ts";
import { idSchema } from "../config/hook-call-schema.ts";
import type { ConnectorConfig } from "../events.ts";
import { evaluateCompiled } from "../hook/load-compiled.ts";

/** Loading a script snapshot runs its top level: as long as a config's own load may take. */
const LOAD_MS = 30_000;

/**
 * What a prebuilt snapshot (`install --snapshot`, made by `bundle`) must say of itself: a frozen
 * snapshot of one connector, standing alone (no bytecode file beside it, no inputs to follow).
 */
const metaSchema = v.looseObject({
  v: v.literal(1),
  id: idSchema,
  source: v.string(),
  kind: v.picklist(["json", "script"], "must be a compiled snapshot (json or script), not a record of a source that could not be compiled"),
  inputs: v.pipe(v.array(v.unknown()), v.length(0, "must be empty: a frozen snapshot follows no source")),
  frozen: v.literal(true, "must be true: only a frozen snapshot can be installed as it is"),
  bytecode: v.optional(v.undefined("must be absent: a bundled snapshot carries its code, not a bytecode file")),
  at: v.optional(v.string()),
});

/** A snapshot file, read and checked: its header, and the connector its body defines (validated as install validates a config). */
export function readSnapshotFile(file: string): { meta: CompiledMeta; body: string; config: ConnectorConfig } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConnectorConfigError(file, "", `cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseCompiled(text);
  if (!parsed) throw new ConnectorConfigError(file, "", "is not an agent-connector snapshot (made by agent-connector bundle)");
  const checked = v.safeParse(metaSchema, parsed.meta);
  if (!checked.success) {
    const issue = checked.issues[0];
    throw new ConnectorConfigError(file, `header.${v.getDotPath(issue) ?? ""}`, issue.message);
  }
  const meta = parsed.meta;
  let raw: unknown;
  if (meta.kind === "json") {
    try {
      raw = JSON.parse(parsed.body);
    } catch (error) {
      throw new ConnectorConfigError(file, "", `its JSON body does not parse: ${(error as Error).message}`);
    }
  } else {
    const run = evaluateCompiled(meta, parsed.body, Date.now() + LOAD_MS);
    if (run.kind !== "returned")
      throw new ConnectorConfigError(
        file,
        "",
        run.kind === "threw" ? `its code throws: ${(run.error as Error)?.message ?? String(run.error)}` : "its code did not finish",
      );
    raw = configExport(file, run.value);
  }
  const config = checkConnectorConfig(file, raw, connectorSchema(HOST_IDS));
  if (config.id !== meta.id) throw new ConnectorConfigError(file, "id", `is "${config.id}", but the snapshot's header says "${meta.id}"`);
  return { meta, body: parsed.body, config };
}
