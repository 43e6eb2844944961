import { writeWhole, writtenAtOnce } from "../write-whole.ts";

/**
 * The host reads our reply on stdout, so stdout is ours alone: from the start of a hook call, every
 * route user code has to it (console, process.stdout, Bun.stdout, Bun.write / Bun.file on fd 1 or
 * /dev/stdout; node:fs is handled in user-fs.ts) leads to stderr instead. Plain property swaps:
 * no stream is created and nothing is loaded, so this costs the hook nothing measurable.
 */
const STDOUT_PATHS = new Set(["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]);

export const isStdout = (target: unknown): boolean => target === 1 || (typeof target === "string" && STDOUT_PATHS.has(target));

/** Writes all of `text` to the real stdout, however late the host reads it; false when it cannot (user code closed fd 1). */
export type ReplyWriter = (text: string) => Promise<boolean>;

export function claimStdout(): ReplyWriter {
  const stdout = Bun.stdout;
  const stderr = Bun.stderr;
  const write = Bun.write;
  const file = Bun.file;
  // Writable but not configurable in Bun: assigned, not redefined.
  (Bun as { stdout: unknown }).stdout = stderr;
  Bun.write = ((dest: unknown, ...rest: unknown[]) =>
    (write as (...a: unknown[]) => Promise<number>)(dest === stdout || isStdout(dest) ? stderr : dest, ...rest)) as typeof Bun.write;
  Bun.file = ((path: unknown, options?: unknown) =>
    (file as (...a: unknown[]) => ReturnType<typeof Bun.file>)(isStdout(path) ? 2 : path, options)) as typeof Bun.file;
  redirectConsole();
  return async (text) => {
    try {
      if (writtenAtOnce(text)) await write(stdout, text);
      else writeWhole((await import("node:fs")).writeSync, 1, new TextEncoder().encode(text));
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * process.stdout → process.stderr. Not done up front: redefining the property makes Bun build its
 * Node stream (~6 ms, ~7 MB, measured with bench/hook-roundtrip.ts), so run.ts calls this only for a
 * config that mentions process.stdout or imports anything besides "agent-connector".
 */
export function claimProcessStdout(): void {
  Object.defineProperty(process, "stdout", { get: () => process.stderr, configurable: true });
}

/** Bun's console prints these on stdout; each goes to stderr in the same form. */
function redirectConsole(): void {
  const err = console.error;
  const counts = new Map<string, number>();
  Object.assign(console, {
    log: err,
    info: err,
    debug: err,
    trace: (...args: unknown[]) => err(...args, `\n${new Error().stack?.split("\n").slice(2).join("\n") ?? ""}`),
    dir: (item: unknown, options?: object) => err(Bun.inspect(item, options)),
    dirxml: err,
    table: (data: object, properties?: string[]) => err(Bun.inspect.table(data, properties)),
    count: (label = "default") => {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      err(`${label}: ${counts.get(label)}`);
    },
    countReset: (label = "default") => void counts.delete(label),
    group: (...args: unknown[]) => void (args.length && err(...args)),
    groupCollapsed: (...args: unknown[]) => void (args.length && err(...args)),
    groupEnd: () => {},
  });
}
