/**
 * Whether the daemon's folder and sockets can be trusted with a hook call: the client sends the
 * host's whole environment (tokens included) and the payload to whatever listens there, so
 * another local user must not be able to listen in its place. That holds when the folder is this
 * user's and no one else can write to it (only this user, or root, can then create a socket in
 * it), and when the process at the other end runs as this user. The hook's client checks both
 * before it sends anything (src/hook/call-blocking.ts: statx and SO_PEERCRED; src/hook/call-evented.ts:
 * the folder's and the socket's owner); install refuses a home that fails the same rule
 * (src/install/home-trust.ts). Refused, a call runs in-process, as with no daemon.
 */

/** The part of a stat the rule reads. */
export interface Owned {
  uid: number;
  mode: number;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFSOCK = 0o140000;

/** This process's user: what creates files and binds sockets, so what a daemon of ours runs as. */
export const me = (): number => process.geteuid?.() ?? -1;

export const notOurs = (path: string, uid: number): string => `${path} belongs to uid ${uid}, not to this user (uid ${me()})`;

/** Why `path`, a folder the daemon listens in, cannot be trusted; undefined if it can. */
export function folderProblem(path: string, stat: Owned): string | undefined {
  if ((stat.mode & S_IFMT) !== S_IFDIR) return `${path} is not a folder`;
  if (stat.uid !== me()) return notOurs(path, stat.uid);
  if (stat.mode & 0o022) return writableBy(path, stat.mode);
  return undefined;
}

export const writableBy = (path: string, mode: number): string =>
  `${path} is writable by ${mode & 0o002 ? "other users" : "its group"} (mode ${(mode & 0o7777).toString(8).padStart(4, "0")})`;

/** Why the socket file at `path` cannot be trusted (where the peer's own uid is not known); undefined if it can. */
export function socketProblem(path: string, stat: Owned): string | undefined {
  if ((stat.mode & S_IFMT) !== S_IFSOCK) return `${path} is not a socket`;
  return stat.uid === me() ? undefined : notOurs(path, stat.uid);
}

/** What a refused daemon costs, for hook.log. */
export const REFUSED = "refused the daemon (another user could answer in its place), so hook calls run in-process";
