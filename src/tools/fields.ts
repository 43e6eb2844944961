import type { FieldRef } from "./vocabulary.ts";
import { patchPaths } from "./patch.ts";

/** How a field is stored in the tool's input. */
export type FieldShape = "text" | "list" | "argv" | "patch";

const shapeOf = (ref: FieldRef): { paths: readonly string[]; shape: FieldShape } => {
  if (typeof ref === "string") return { paths: [ref], shape: "text" };
  if (Array.isArray(ref)) return { paths: ref as readonly string[], shape: "text" };
  const spec = ref as Exclude<FieldRef, string | readonly string[]>;
  return { paths: spec.paths, shape: spec.patch ? "patch" : spec.argv ? "argv" : spec.list ? "list" : "text" };
};

function at(value: unknown, path: string): unknown {
  const keys = path.split(".");
  for (const [i, key] of keys.entries()) {
    if (value === null || typeof value !== "object") return undefined;
    // `*`: the rest of the path in every item of a list, the values found (a list in a list flattened).
    if (key === "*") {
      if (!Array.isArray(value)) return undefined;
      const rest = keys.slice(i + 1).join(".");
      const found = value.flatMap((item) => (rest ? at(item, rest) : item)).filter((v) => v !== undefined && v !== null);
      return found.length ? found : undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The first of `paths` that holds a value, with that value. */
function firstPresent(input: Record<string, unknown>, paths: readonly string[]): { path: string; value: unknown } | undefined {
  for (const path of paths) {
    const value = at(input, path);
    if (value !== undefined && value !== null) return { path, value };
  }
  return undefined;
}

/** An array of strings, or a string holding one as JSON (Cline's older payload sends `"[\"a\"]"`). */
function stringList(value: unknown): string[] | undefined {
  if (typeof value === "string" && value.startsWith("[")) {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  return undefined;
}

const SHELL_FLAG = /^-[a-z]*c$/; // -c, -lc, -ic: the script follows

/** The script of `["bash", "-lc", "script"]`, else the words joined. */
function argvCommand(argv: string[]): string {
  const flag = argv.findIndex((word, i) => i > 0 && SHELL_FLAG.test(word));
  return flag > 0 && flag === argv.length - 2 ? argv[argv.length - 1]! : argv.join(" ");
}

/** A field's value as a text (command, cwd, content, url, query), or undefined. */
export function readText(input: Record<string, unknown>, ref: FieldRef): string | undefined {
  const { paths, shape } = shapeOf(ref);
  const found = firstPresent(input, paths);
  if (!found) return undefined;
  if (shape === "list" || shape === "argv") {
    const list = stringList(found.value);
    if (!list) return typeof found.value === "string" ? found.value : undefined;
    return shape === "argv" ? argvCommand(list) : list.join("\n");
  }
  return typeof found.value === "string" ? found.value : undefined;
}

/** A field's value as paths (filePaths): one path, a list, or those a patch touches. */
export function readPaths(input: Record<string, unknown>, ref: FieldRef): string[] | undefined {
  const { paths, shape } = shapeOf(ref);
  const found = firstPresent(input, paths);
  if (!found) return undefined;
  if (shape === "patch") return typeof found.value === "string" ? patchPaths(found.value) : undefined;
  if (typeof found.value === "string") return shape === "list" ? (stringList(found.value) ?? [found.value]) : [found.value];
  const list = stringList(found.value);
  return list && [...new Set(list)]; // several edits of one file (`edits.*.path`) name it once
}

/** Sets `path` (dots nest) in a copy of `input`, copying each object on the way. */
function setAt(input: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".");
  const inner = input[head!];
  const next = rest.length
    ? setAt(inner !== null && typeof inner === "object" && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest.join("."), value)
    : value;
  return { ...input, [head!]: next };
}

/**
 * `input` with the field set to `value` in the shape the host stores it (a list gets a one-item
 * list, an argv keeps its shell and flag), or undefined where it has no place (a patch text, a
 * list of paths for a one-path field).
 */
export function writeField(input: Record<string, unknown>, ref: FieldRef, value: string | readonly string[]): Record<string, unknown> | undefined {
  const { paths, shape } = shapeOf(ref);
  // A patch's paths live in its text; values spread over a list's items have no one place.
  if (shape === "patch" || paths.some((path) => path.split(".").includes("*"))) return undefined;
  const found = firstPresent(input, paths);
  const path = found?.path ?? paths[0]!;
  const items = typeof value === "string" ? [value] : [...value];
  switch (shape) {
    case "text":
      if (items.length !== 1) return undefined;
      return setAt(input, path, items[0]);
    case "list":
      // A string holding a JSON list stays a string holding one (the host parses it back).
      return setAt(input, path, typeof found?.value === "string" ? JSON.stringify(items) : items);
    case "argv": {
      if (items.length !== 1) return undefined;
      const argv = found ? stringList(found.value) : undefined;
      const flag = argv?.findIndex((word, i) => i > 0 && SHELL_FLAG.test(word)) ?? -1;
      if (!argv || flag <= 0 || flag !== argv.length - 2) return undefined;
      return setAt(input, path, [...argv.slice(0, -1), items[0]]);
    }
  }
}
