import type { EventName, EventPayloadMap } from "../events.ts";
import type { EventSchemaOutputs } from "./event-schema.ts";

/**
 * Compile-time only: the payload schemas (event-schema.ts) produce exactly the events that
 * src/events.ts declares, field for field, so the two cannot drift apart.
 */
type Same<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? ([A] extends [B] ? ([B] extends [A] ? true : false) : false) : false) : false;
type Drifted = { [E in EventName]: Same<EventSchemaOutputs[E], Omit<EventPayloadMap[E], "raw" | "tool" | "host">> extends true ? never : E }[EventName];

export const schemasMatchEventTypes: [Drifted] extends [never] ? true : Drifted = true;
