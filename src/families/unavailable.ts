import { defineAdapter, type Adapter, type AdapterSpec } from "../adapter.ts";
import { EMPTY_REPLY } from "../dialects/dialect.ts";

/**
 * A host with hooks of a paradigm we build for, where nothing install could write would ever run
 * (NemoClaw). It is listed with its paradigm, so `explain` and `install` say why it cannot work,
 * and install writes nothing for it: files that never load would only look like support.
 */
export const defineUnavailableAdapter = <const Id extends string>(
  host: Pick<AdapterSpec<Id>, "id" | "name" | "sources" | "detect" | "verified" | "version"> & { paradigm: "json-stdio" | "ts-plugin"; reason: string },
): Adapter<Id, never> =>
  defineAdapter({
    id: host.id,
    name: host.name,
    sources: host.sources,
    verified: host.verified,
    ...(host.version ? { version: host.version } : {}),
    detect: host.detect,
    events: {},
    payload: {},
    dialect: { id: host.id, family: "none", capabilities: {}, render: () => EMPTY_REPLY },
    nativeMatcher: "none",
    nativeHooks: false,
    hooks: { kind: "unavailable", paradigm: host.paradigm, reason: host.reason },
  });
