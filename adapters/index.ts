import type { Adapter } from "../src/adapter.ts";
import claudeCode from "./claude-code.ts";

/** Every host we know. Adding a host: one file in this folder, one line here. */
export const ADAPTERS: readonly Adapter[] = [claudeCode];

export const ADAPTER_IDS: readonly string[] = ADAPTERS.map((a) => a.id);

export const findAdapter = (id: string): Adapter | undefined => ADAPTERS.find((a) => a.id === id);
