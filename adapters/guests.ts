import type { Adapter } from "../src/adapter.ts";

/** A host that runs another host's hook files, and what gives its calls away (src/hook/calling-host.ts). */
export interface Guest {
  id: string;
  marker: NonNullable<Adapter["marker"]>;
}

/**
 * Host id → the hosts that also run its hook files (adapter `alsoRuns`) and carry a marker. A Bun
 * macro: imported `with { type: "macro" }`, it runs when the binary is built and the table is
 * inlined, so a hook call knows who might be calling without loading every adapter.
 */
export async function guestsTable(): Promise<Record<string, Guest[]>> {
  const { ADAPTERS } = await import("./index.ts");
  const table: Record<string, Guest[]> = {};
  for (const host of ADAPTERS) {
    if (!host.marker) continue;
    for (const also of host.alsoRuns ?? []) (table[also.platform] ??= []).push({ id: host.id, marker: host.marker });
  }
  return table;
}
