import type { HookFileSpec } from "../adapter.ts";
import { hasEntries, installEntries, removeEntries, type HookEntry, type IsOurs } from "./nested-groups.ts";
import { hasFlatEntries, installFlatEntries, removeFlatEntries } from "./flat-entries.ts";

/** What src/install/apply.ts needs from a hook-file layout: text in, text out, nothing else touched. */
export interface HookLayout {
  /** Replaces this connector's entries (those passing `isOurs`) with `entries`. */
  install(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs, entries: HookEntry[], extras: (e: HookEntry) => Record<string, unknown>): string;
  remove(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number };
  has(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean;
}

/** Every value of HookFileSpec["layout"], one implementation each. */
export const LAYOUTS: Record<HookFileSpec["layout"], HookLayout> = {
  "nested-matcher-groups": { install: installEntries, remove: removeEntries, has: hasEntries },
  "flat-entries": { install: installFlatEntries, remove: removeFlatEntries, has: hasFlatEntries },
};
