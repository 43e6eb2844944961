import type { Adapter } from "../src/adapter.ts";
import { ADAPTER_LOADERS, HOST_IDS, isHostId, type HostId } from "./hosts.ts";

export { HOST_IDS, isHostId, type HostId };

type Loaded<K extends HostId> = Awaited<ReturnType<(typeof ADAPTER_LOADERS)[K]>>["default"];

// Compile-time checks: each adapter's id is its key in ADAPTER_LOADERS, and every host an adapter's
// `alsoRuns` names is a known host (a typo fails here).
const idsMatchKeys: { [K in HostId]: Loaded<K>["id"] extends K ? true : Loaded<K>["id"] } = Object.fromEntries(HOST_IDS.map((id) => [id, true])) as never;
type Referenced = { [K in HostId]: Loaded<K> extends Adapter<string, infer Ref> ? Ref : never }[HostId];
const alsoRunsNamesKnownHosts: [Exclude<Referenced, HostId>] extends [never] ? true : Exclude<Referenced, HostId> = true;
void idsMatchKeys;
void alsoRunsNamesKnownHosts;

/** Every adapter, loaded: for install, explain and the other commands (a hook call loads one, src/hook/run.ts). */
export const ADAPTERS: readonly Adapter<HostId>[] = await Promise.all(HOST_IDS.map(async (id) => (await ADAPTER_LOADERS[id]()).default as Adapter<HostId>));

export const findAdapter = (id: string): Adapter<HostId> | undefined => ADAPTERS.find((a) => a.id === id);

/** The adapter of a host id the type checker (or a registry check) already vouched for. */
export const adapterOf = (id: HostId): Adapter<HostId> => findAdapter(id)!;
