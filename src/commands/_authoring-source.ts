import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A Bun macro (imported `with { type: "macro" }`): runs at build time, so the compiled binary
 * carries the source of the authoring types as a string. (A text import of src/events.ts cannot
 * sit beside its ordinary imports in one bundle.)
 */
export const authoringTypesSource = (): string => readFileSync(join(import.meta.dir, "..", "events.ts"), "utf8");
