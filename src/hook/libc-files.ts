/**
 * The few file calls a hook call in a process of its own makes (the home's trust stats, the
 * decision ledger's append: src/hook/home-trust.ts, src/hook/ledger-write.ts), made on glibc
 * through `Bun.FFI.dlopen` (as src/hook/call-blocking.ts does), with the same flags, modes and
 * errors node:fs gives: loading node:fs costs such a process ≈1–1.5 ms, more than the whole append
 * (docs/performance.md, "The cold path"). Same system calls, so the same guarantees: a file is
 * opened without following a symlink where node:fs was asked not to, created with the same mode
 * (the umask applies alike), and a stat follows symlinks where node:fs's `statSync` does.
 *
 * Linux with glibc only; undefined elsewhere and where it cannot be set up (no Bun.FFI, a libc
 * without `statx`): the caller loads node:fs then. A daemon's worker has node:fs loaded anyway.
 */
import { openGlibc } from "./glibc.ts";
import { stampOf, type Stamp } from "../compiled/artifact.ts";

/** What the ledger and the trust checks call: the part of node:fs they use, as node:fs behaves. */
export interface LedgerFs {
  statSync(path: string, options: { throwIfNoEntry: false }): { uid: number; mode: number } | undefined;
  lstatSync(path: string, options: { throwIfNoEntry: false }): { size: number; mtimeMs: number } | undefined;
  fstatSync(fd: number): { size: number };
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
  openSync(path: string, flags: string, mode?: number): number;
  closeSync(fd: number): void;
  readSync(fd: number, into: Uint8Array, offset: number, length: number, position: number): number;
  unlinkSync(path: string): void;
  renameSync(from: string, to: string): void;
  appendFileSync(path: string, text: string, options: { mode: number; flag: string }): void;
  constants: { O_RDONLY: number; O_WRONLY: number; O_CREAT: number; O_EXCL: number; O_NOFOLLOW: number; O_APPEND: number };
}

const LIBC = {
  open: { args: ["ptr", "i32", "u32"], returns: "i32" },
  close: { args: ["i32"], returns: "i32" },
  pread: { args: ["i32", "ptr", "u64", "i64"], returns: "i64" },
  write: { args: ["i32", "ptr", "u64"], returns: "i64" },
  unlink: { args: ["ptr"], returns: "i32" },
  mkdir: { args: ["ptr", "u32"], returns: "i32" },
  rename: { args: ["ptr", "ptr"], returns: "i32" },
  statx: { args: ["i32", "ptr", "i32", "u32", "ptr"], returns: "i32" },
  __errno_location: { args: [], returns: "ptr" },
} as const;

interface Libc {
  open(path: Uint8Array, flags: number, mode: number): number;
  close(fd: number): number;
  pread(fd: number, into: Uint8Array, length: number, position: number): number | bigint;
  write(fd: number, from: Uint8Array, length: number): number | bigint;
  unlink(path: Uint8Array): number;
  mkdir(path: Uint8Array, mode: number): number;
  rename(from: Uint8Array, to: Uint8Array): number;
  statx(dirfd: number, path: Uint8Array, flags: number, mask: number, into: Int32Array): number;
  __errno_location(): number;
}

/**
 * Linux's open flags (asm-generic/fcntl.h), per architecture where they differ: arm64 keeps arm's
 * O_NOFOLLOW (arch/arm64/include/uapi/asm/fcntl.h), where x64's value would mean O_LARGEFILE and
 * follow a symlink. Another architecture: node:fs, whose constants are its own.
 */
const O_NOFOLLOW: Record<string, number | undefined> = { x64: 0o400000, arm64: 0o100000 };
const constants = (nofollow: number) => ({ O_RDONLY: 0, O_WRONLY: 0o1, O_CREAT: 0o100, O_EXCL: 0o200, O_NOFOLLOW: nofollow, O_APPEND: 0o2000 });
const O_CLOEXEC = 0o2000000;
const AT_FDCWD = -100;
const AT_SYMLINK_NOFOLLOW = 0x100;
const AT_EMPTY_PATH = 0x1000;
/** STATX_TYPE | STATX_MODE | STATX_UID | STATX_MTIME | STATX_CTIME | STATX_INO | STATX_SIZE */
const STATX_MASK = 0x1 | 0x2 | 0x8 | 0x40 | 0x80 | 0x100 | 0x200;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
/** Linux's error numbers (the same on x64 and arm64), with the text node:fs (libuv) gives each: a refused home names it. */
const ERRNO: Record<number, [code: string, text: string]> = {
  1: ["EPERM", "operation not permitted"],
  2: ["ENOENT", "no such file or directory"],
  5: ["EIO", "i/o error"],
  9: ["EBADF", "bad file descriptor"],
  12: ["ENOMEM", "not enough memory"],
  13: ["EACCES", "permission denied"],
  17: ["EEXIST", "file already exists"],
  20: ["ENOTDIR", "not a directory"],
  21: ["EISDIR", "illegal operation on a directory"],
  22: ["EINVAL", "invalid argument"],
  28: ["ENOSPC", "no space left on device"],
  30: ["EROFS", "read-only file system"],
  36: ["ENAMETOOLONG", "name too long"],
  40: ["ELOOP", "too many symbolic links encountered"],
  75: ["EOVERFLOW", "value too large for defined data type"],
};
const ENOENT = 2;
const EINTR = 4;
const EEXIST = 17;
const ENOTDIR = 20;

/**
 * What a call reads of its connector's compiled file (src/hook/load-compiled.ts) and its inputs'
 * stamps, synchronously: Bun's own read and stat are each a trip through its thread pool.
 */
export interface CompiledFs {
  /** The file's text, following symlinks, as `Bun.file(path).text()` reads it; throws as node:fs does. */
  readText(path: string): string;
  /** The file's stamp (src/compiled/artifact.ts) from one stat that follows symlinks, as `bunStamp`; all zeros where nothing is. */
  stamp(path: string): Stamp;
}

/** The functions, or undefined where glibc cannot be called this way. */
export function libcFiles(): (LedgerFs & CompiledFs) | undefined {
  const nofollow = O_NOFOLLOW[process.arch];
  const opened = nofollow ? openGlibc<Libc>(LIBC) : undefined;
  if (!nofollow || !opened) return undefined;
  const { c, ffi } = opened;
  const encoder = new TextEncoder();
  const errnoAt = c.__errno_location();
  const errno = (): number => ffi.read.i32(errnoAt, 0);
  const cPath = (path: string): Uint8Array => encoder.encode(`${path}\0`);
  /** An error as node:fs throws it: its `code` is what callers look at. */
  const failed = (call: string, path: string, number = errno()): Error => {
    const [code, text] = ERRNO[number] ?? [`E${number}`, `error ${number}`];
    return Object.assign(new Error(`${code}: ${text}, ${call} '${path}'`), { code, errno: -number, syscall: call, path });
  };
  /** A call that returns -1 on failure, repeated when a signal interrupted it. */
  const checked = (call: string, path: string, run: () => number | bigint): number => {
    for (;;) {
      const result = Number(run());
      if (result !== -1) return result;
      const number = errno();
      if (number !== EINTR) throw failed(call, path, number);
    }
  };
  // struct statx: stx_uid at byte 20, stx_mode (16 bits) at 28, stx_ino (64 bits) at 32, stx_size (64 bits) at 40,
  // stx_ctime at 96 and stx_mtime at 112 (each: seconds, 64 bits; nanoseconds, 32).
  const buffer = new Int32Array(64);
  const statx = (call: string, path: string, flags: number, dirfd = AT_FDCWD): Int32Array | undefined => {
    const at = cPath(path);
    for (;;) {
      if (c.statx(dirfd, at, flags, STATX_MASK, buffer) === 0) return buffer;
      const number = errno();
      if (number === ENOENT || number === ENOTDIR) return undefined;
      if (number !== EINTR) throw failed(call, path, number);
    }
  };
  const u64 = (b: Int32Array, at: number): number => (b[at + 1]! >>> 0) * 4294967296 + (b[at]! >>> 0);
  const sizeOf = (b: Int32Array): number => u64(b, 10);
  const msAt = (b: Int32Array, at: number): number => u64(b, at) * 1000 + (b[at + 2]! >>> 0) / 1e6;
  const statOf = (path: string) => {
    const b = statx("stat", path, 0);
    return b && { uid: b[5]! >>> 0, mode: b[7]! & 0xffff };
  };
  const write = (fd: number, path: string, bytes: Uint8Array): void => {
    for (let done = 0; done < bytes.length; ) done += checked("write", path, () => c.write(fd, done ? bytes.subarray(done) : bytes, bytes.length - done));
  };
  const decoder = new TextDecoder();
  const files: LedgerFs & CompiledFs = {
    constants: constants(nofollow),
    statSync: (path) => statOf(path),
    lstatSync(path) {
      const b = statx("lstat", path, AT_SYMLINK_NOFOLLOW);
      return b && { size: sizeOf(b), mtimeMs: msAt(b, 28) };
    },
    fstatSync(fd) {
      const b = statx("fstat", "", AT_EMPTY_PATH, fd);
      if (!b) throw failed("fstat", String(fd), ENOENT);
      return { size: sizeOf(b) };
    },
    mkdirSync(path, { mode }) {
      // As node:fs's recursive mkdir: each missing folder made with `mode`; a file in the way is an error.
      const parts = path.split("/");
      for (let i = 1; i <= parts.length; i++) {
        const folder = parts.slice(0, i).join("/");
        if (!folder) continue;
        const at = cPath(folder);
        if (c.mkdir(at, mode) !== 0 && errno() !== EEXIST) throw failed("mkdir", folder);
      }
      const made = statOf(path);
      if (!made || (made.mode & S_IFMT) !== S_IFDIR) throw failed("mkdir", path, made ? EEXIST : ENOENT);
      return undefined;
    },
    openSync: (path, flags, mode = 0o666) => checked("open", path, () => c.open(cPath(path), (flags as unknown as number) | O_CLOEXEC, mode)),
    closeSync: (fd) => void c.close(fd),
    readSync: (fd, into, offset, length, position) => checked("read", String(fd), () => c.pread(fd, offset ? into.subarray(offset) : into, length, position)),
    unlinkSync: (path) => void checked("unlink", path, () => c.unlink(cPath(path))),
    renameSync: (from, to) => void checked("rename", from, () => c.rename(cPath(from), cPath(to))),
    appendFileSync(path, text, { mode, flag }) {
      const fd = files.openSync(path, flag, mode);
      try {
        write(fd, path, encoder.encode(text));
      } finally {
        c.close(fd);
      }
    },
    readText(path) {
      const fd = files.openSync(path, files.constants.O_RDONLY as unknown as string);
      try {
        const size = files.fstatSync(fd).size;
        const bytes = new Uint8Array(size);
        let read = 0;
        while (read < size) {
          const got = files.readSync(fd, bytes, read, size - read, read);
          if (got === 0) break; // cut short since the stat
          read += got;
        }
        return decoder.decode(read < size ? bytes.subarray(0, read) : bytes);
      } finally {
        c.close(fd);
      }
    },
    stamp(path) {
      let b: Int32Array | undefined;
      try {
        b = statx("stat", path, 0);
      } catch {
        b = undefined;
      }
      return stampOf(path, b && { mtimeMs: msAt(b, 28), size: sizeOf(b), ctimeMs: msAt(b, 24), ino: u64(b, 8) });
    },
  };
  return files;
}
