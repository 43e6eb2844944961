import { MAX_WORKERS } from "./address.ts";

/**
 * A worker's reply as soon as it is made, before the microtasks its handler left run
 * (src/hook/decide.ts), kept for its caller in the daemon's board file (board.ts): should one of
 * them then hold the worker in native code, the caller, past the call's deadline, prints this reply
 * as the host's answer instead of ending as blocked (a deny made stays a deny). A store into shared
 * memory: no system call and no wake-up of the caller on every call. One area per slot after the
 * board's rows; a reply is its caller's only if it carries the caller's pid and start.
 */

/** The board's rows: four 8-byte cells per slot (board.ts). */
export const ROWS_BYTES = MAX_WORKERS * 4 * 8;
/** Each slot's area: a reply larger than this is not kept (the caller then ends as blocked, as before). */
export const AREA_BYTES = 64 * 1024;
export const BOARD_BYTES = ROWS_BYTES + MAX_WORKERS * AREA_BYTES;

/** start (float64), pid (float64), length (uint32), then the reply as JSON. */
const HEADER = 20;

/** Which call a reply is for: its caller's pid and start (epoch ms, as the call's head carries it). */
export interface CallKey {
  pid: number;
  startedAt: number;
}

export interface Provisional {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The bytes of `slot`'s area within the board's. */
export const areaOf = (board: Uint8Array, slot: number): Uint8Array => board.subarray(ROWS_BYTES + slot * AREA_BYTES, ROWS_BYTES + (slot + 1) * AREA_BYTES);

const viewOf = (area: Uint8Array) => new DataView(area.buffer, area.byteOffset, area.byteLength);

/** A slot's area as its worker writes it: made once, written on every call (the hook's client, which only reads, makes none). */
export interface Area {
  body: Uint8Array;
  view: DataView;
  encoder: TextEncoder;
}

export const writableArea = (bytes: Uint8Array): Area | undefined =>
  bytes.byteLength < AREA_BYTES ? undefined : { body: bytes.subarray(HEADER), view: viewOf(bytes), encoder: new TextEncoder() };

/** Keeps `reply` for the call `key`; the key is written last, so a reader never takes a reply half written. */
export function keepProvisional({ body, view, encoder }: Area, key: CallKey, reply: Provisional): void {
  view.setFloat64(0, 0, true);
  const text = JSON.stringify(reply);
  const { read, written } = encoder.encodeInto(text, body);
  if (read < text.length) return;
  view.setUint32(16, written, true);
  view.setFloat64(8, key.pid, true);
  view.setFloat64(0, key.startedAt, true);
}

/** The reply kept for the call `key`, if any. */
export function provisionalFor(area: Uint8Array, key: CallKey): Provisional | undefined {
  if (area.byteLength < AREA_BYTES) return undefined;
  const view = viewOf(area);
  if (view.getFloat64(0, true) !== key.startedAt || view.getFloat64(8, true) !== key.pid) return undefined;
  const length = view.getUint32(16, true);
  if (length > AREA_BYTES - HEADER) return undefined;
  try {
    const reply = JSON.parse(new TextDecoder().decode(area.subarray(HEADER, HEADER + length))) as Provisional;
    return typeof reply?.exitCode === "number" && typeof reply.stdout === "string" && typeof reply.stderr === "string" ? reply : undefined;
  } catch {
    return undefined;
  }
}
