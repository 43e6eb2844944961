import type { EventName } from "../../src/events.ts";
import { fixturePayload, type Sandbox } from "../support/harness.ts";
import { isHostId } from "../../adapters/hosts.ts";
import { HOST_RECORDS } from "./index.ts";
import type { HostRecord, Json } from "./record.ts";

/** A host's record by id; a test that picks hosts from the adapters finds their payloads here. */
export function recordOf(id: string): HostRecord {
  const record = isHostId(id) ? HOST_RECORDS[id] : undefined;
  if (!record) throw new Error(`${id}: no record in test/hosts-data/index.ts`);
  return record;
}

/** The payload a record's fixture gives for an event (from the folder of `fixturesOf` for a fork). */
export function recordPayload(host: HostRecord, event: EventName, box?: Sandbox): Json {
  const fixture = host.fixtures[event];
  if (!fixture) throw new Error(`${host.id}: no fixture for ${event} in its record`);
  return fixturePayload(host.fixturesOf ?? host.id, fixture.file, box);
}
