import { folderProblem } from "../daemon/trust.ts";

/**
 * The blocking client's checks (src/daemon/trust.ts says why), one system call each: statx(2) of
 * the daemon's folder before connecting, and the peer's credentials (getsockopt SO_PEERCRED) once
 * connected, before anything is sent. The peer's uid is what the kernel recorded when the socket
 * was listened on: unlike a look at the path, no rename or swap of a folder between the check and
 * the connection can fake it. struct statx has one layout on every Linux architecture.
 *
 * Both go through glibc's syscall(3), one symbol with one signature (integers passed where it
 * says "ptr" are passed as they are, in the same registers): each symbol `dlopen` binds cost a
 * call ≈35k instructions, as much as the two checks themselves. Two functions and no helpers on
 * the way that passes: each function a call runs for the first time costs ≈15–20k (docs/decisions/perf-client-system-calls.md).
 */
export const TRUST_LIBC = {
  syscall: { args: ["i64", "i64", "ptr", "i64", "ptr", "ptr"], returns: "i32" },
} as const;

export interface TrustLibc {
  syscall(number: number, a: number, b: Uint8Array | number, c: number, d: Int32Array | number, e: Int32Array | number): number;
}

/** The numbers of statx and getsockopt: one table per architecture (asm/unistd.h); none known, the client uses Bun's sockets. */
export const SYSCALLS: Record<string, { statx: number; getsockopt: number } | undefined> = {
  x64: { statx: 332, getsockopt: 55 },
  arm64: { statx: 291, getsockopt: 209 },
};

type Refused = { why: "untrusted"; detail: string };

const AT_FDCWD = -100;
/** STATX_TYPE | STATX_MODE | STATX_UID */
const STATX_MASK = 0x1 | 0x2 | 0x8;
const ENOENT = 2;
const SOL_SOCKET = 1;
const SO_PEERCRED = 17;

/**
 * Why the folder of `socket` cannot be trusted; undefined if it can, or if it does not exist (no
 * daemon listens there). One that cannot be looked at is refused: nothing is sent blind.
 */
export function folderRefused(c: TrustLibc, statx: number, socket: string, errno: () => number): Refused | undefined {
  const folder = socket.slice(0, socket.lastIndexOf("/"));
  const stat = new Int32Array(64); // struct statx: 256 bytes, stx_uid at byte 20, stx_mode (16 bits) at 28
  if (c.syscall(statx, AT_FDCWD, new TextEncoder().encode(`${folder}\0`), 0, STATX_MASK, stat) !== 0) {
    const error = errno();
    return error === ENOENT ? undefined : { why: "untrusted", detail: `${folder} cannot be checked (errno ${error})` };
  }
  const uid = stat[5]! >>> 0;
  const mode = stat[7]! & 0xffff;
  // A folder of this user's that no one else can write to: the message is made only when it is not.
  if ((mode & 0o170022) === 0o040000 && uid === process.geteuid!()) return undefined;
  return { why: "untrusted", detail: folderProblem(folder, { uid, mode }) ?? `${folder} is refused` };
}

/** Why the process listening at the other end of `fd` cannot be trusted: it runs as another user. */
export function peerRefused(c: TrustLibc, getsockopt: number, fd: number, socket: string): Refused | undefined {
  const cred = new Int32Array(3); // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
  const length = new Int32Array(1);
  length[0] = 12;
  if (c.syscall(getsockopt, fd, SOL_SOCKET, SO_PEERCRED, cred, length) !== 0) return { why: "untrusted", detail: `the peer of ${socket} cannot be checked` };
  const uid = cred[1]! >>> 0;
  if (uid === process.geteuid!()) return undefined;
  return { why: "untrusted", detail: `the process listening at ${socket} runs as uid ${uid}, not as this user (uid ${process.geteuid!()})` };
}
