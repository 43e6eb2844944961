import { folderProblem, socketProblem, type Owned } from "../daemon/trust.ts";

/**
 * The checks of the client that uses Bun's sockets (src/hook/call-evented.ts; src/daemon/trust.ts
 * says why): Bun's sockets do not give the peer's credentials, so the socket file's owner stands
 * for them, looked at before connecting. Only this user (or root) can put a socket in a folder
 * that passes the folder's check, so the two together keep other users out.
 */
type Refused = { why: "untrusted"; detail: string };

/** A stat, or undefined when nothing is there; any other failure is a refusal (nothing is sent blind). */
async function owned(path: string): Promise<Owned | undefined | Refused> {
  try {
    return await Bun.file(path).stat();
  } catch (error) {
    return (error as { code?: string }).code === "ENOENT" ? undefined : { why: "untrusted", detail: `${path} cannot be checked (${(error as Error).message})` };
  }
}

const refusal = (problem: string | undefined): Refused | undefined => (problem ? { why: "untrusted", detail: problem } : undefined);

/** Why the folder of `socket` cannot be trusted; undefined if it can, or if it does not exist (no daemon). */
export async function folderRefused(socket: string): Promise<Refused | undefined> {
  const folder = socket.slice(0, socket.lastIndexOf("/"));
  const stat = await owned(folder);
  return stat && "why" in stat ? stat : stat && refusal(folderProblem(folder, stat));
}

/** `absent`: nothing listens at `socket`; a refusal; or undefined: it may be connected to. */
export async function socketRefused(socket: string): Promise<Refused | "absent" | undefined> {
  const stat = await owned(socket);
  if (!stat) return "absent";
  return "why" in stat ? stat : refusal(socketProblem(socket, stat));
}
