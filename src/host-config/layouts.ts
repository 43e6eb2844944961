import type { HookFileSpec } from "../adapter.ts";
import { hasEntries, installEntries, removeEntries } from "./nested-groups.ts";
import type { Extras, HookEntry, IsOurs } from "./replace-entries.ts";
import { hasFlatEntries, installFlatEntries, removeFlatEntries } from "./flat-entries.ts";
import { hasTomlEntries, installTomlEntries, removeTomlEntries, sameTomlData } from "./toml-array-tables.ts";
import { hasListEntries, installListEntries, removeListEntries } from "./hook-list.ts";
import { sameJsonData } from "./same-data.ts";
import { hasYamlEntries, installYamlEntries, removeYamlEntries } from "./yaml-entries.ts";
import { sameYamlData } from "./yaml-text.ts";

/** What src/install/apply.ts needs from a hook-file layout: text in, text out, nothing else touched. */
export interface HookLayout {
  /** Replaces this connector's entries (those passing `isOurs`) with `entries`. */
  install(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs, entries: HookEntry[], extras: Extras): string;
  remove(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): { text: string; removed: number };
  has(text: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean;
  /** Whether two texts of the file hold the same data (then a reinstall keeps the bytes). */
  same(a: string, b: string): boolean;
}

/** Every value of HookFileSpec["layout"], one implementation each. */
export const LAYOUTS: Record<HookFileSpec["layout"], HookLayout> = {
  "nested-matcher-groups": { install: installEntries, remove: removeEntries, has: hasEntries, same: sameJsonData },
  "flat-entries": { install: installFlatEntries, remove: removeFlatEntries, has: hasFlatEntries, same: sameJsonData },
  "toml-array-tables": { install: installTomlEntries, remove: removeTomlEntries, has: hasTomlEntries, same: sameTomlData },
  "yaml-flat-entries": { install: installYamlEntries, remove: removeYamlEntries, has: hasYamlEntries, same: sameYamlData },
  "json-hook-list": { install: installListEntries, remove: removeListEntries, has: hasListEntries, same: sameJsonData },
};
