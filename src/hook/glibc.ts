/** What a hook call in a process of its own uses of `Bun.FFI`, the native side of bun:ffi (src/hook/call-blocking.ts says why not bun:ffi itself). */
export interface NativeFfi {
  dlopen(path: string, symbols: object): { symbols: unknown } | Error;
  ptr(view: ArrayBufferView): number;
  read: { i32(address: number, offset: number): number };
}

/**
 * glibc's functions named in `symbols`, bound through `Bun.FFI.dlopen`, with the FFI that bound
 * them; undefined where they cannot be had (not Linux, no Bun.FFI, no glibc, no executable memory
 * for the trampolines TinyCC compiles): the caller then does without (native-backstop.ts) or
 * through node:fs (libc-files.ts).
 */
export function openGlibc<Functions>(symbols: object): { c: Functions; ffi: NativeFfi } | undefined {
  const ffi = process.platform === "linux" ? (Bun as unknown as { FFI?: NativeFfi }).FFI : undefined;
  if (!ffi) return undefined;
  try {
    const opened = ffi.dlopen("libc.so.6", symbols);
    return opened instanceof Error ? undefined : { c: opened.symbols as Functions, ffi };
  } catch {
    return undefined;
  }
}
