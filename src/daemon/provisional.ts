import { MAX_WORKERS } from "./address.ts";

/**
 * A worker's reply as soon as it is made, before the microtasks its handler left run
 * (src/hook/decide.ts), kept for its caller in the daemon's board file (board.ts): should one of
 * them then hold the worker in native code, the caller, past the call's deadline, prints this reply
 * as the host's answer instead of ending as blocked (a deny made stays a deny). A store into shared
 * memory: no system call and no wake-up of the caller on every call. One area per slot after the
 * board's rows; what it holds is its caller's only if it carries the caller's pid and start. Each
 * call begins by noting where its stderr begins in the worker's file (keepBegun), so that a caller
 * whose worker is held shows what user code printed before the block, with the reply or without.
 */

/** The board's rows: four 8-byte cells per slot (board.ts). */
export const ROWS_BYTES = MAX_WORKERS * 4 * 8;
/** Each slot's area: a reply larger than this is not kept (the caller then ends as blocked, as before). */
export const AREA_BYTES = 64 * 1024;
export const BOARD_BYTES = ROWS_BYTES + MAX_WORKERS * AREA_BYTES;

/**
 * The caller's start and pid (float64 each: the key), the worker's pid and where this call's
 * stderr begins in the worker's stderr file (float64 each; -1: not captured), the reply's length
 * (uint32, 0 until it is made), then the reply as JSON.
 */
const HEADER = 36;
const KEY_START = 0;
const KEY_PID = 8;
const WORKER_PID = 16;
const PRINTED_FROM = 24;
const LENGTH = 32;

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

/**
 * Where what user code prints on stderr during a call begins in its worker's stderr file
 * (src/hook/stderr-capture.ts): a caller whose worker is held reads from there what was printed
 * before the block (Linux: /proc/<pid>/fd/2), as a process of its own would have shown it.
 */
export interface Printed {
  pid: number;
  from: number;
}

/** What a caller finds in its worker's area: where its call's stderr begins, and the reply if one was made. */
export interface Kept {
  printed?: Printed;
  reply?: Provisional;
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

/** The call `key` begins; what it prints on stderr starts at `printed` (none: not captured). The key is written last. */
export function keepBegun({ view }: Area, key: CallKey, printed: Printed | undefined): void {
  view.setFloat64(KEY_START, 0, true);
  view.setFloat64(WORKER_PID, printed?.pid ?? -1, true);
  view.setFloat64(PRINTED_FROM, printed?.from ?? -1, true);
  view.setUint32(LENGTH, 0, true);
  view.setFloat64(KEY_PID, key.pid, true);
  view.setFloat64(KEY_START, key.startedAt, true);
}

/** Keeps `reply` for the call `key` (begun before); the key is written last, so a reader never takes a reply half written. */
export function keepProvisional({ body, view, encoder }: Area, key: CallKey, reply: Provisional): void {
  view.setFloat64(KEY_START, 0, true);
  const text = JSON.stringify(reply);
  const { read, written } = encoder.encodeInto(text, body);
  view.setUint32(LENGTH, read < text.length ? 0 : written, true);
  view.setFloat64(KEY_PID, key.pid, true);
  view.setFloat64(KEY_START, key.startedAt, true);
}

/** What was kept for the call `key`, if anything. */
export function keptFor(area: Uint8Array, key: CallKey): Kept | undefined {
  if (area.byteLength < AREA_BYTES) return undefined;
  const view = viewOf(area);
  if (view.getFloat64(KEY_START, true) !== key.startedAt || view.getFloat64(KEY_PID, true) !== key.pid) return undefined;
  const pid = view.getFloat64(WORKER_PID, true);
  const from = view.getFloat64(PRINTED_FROM, true);
  const printed = Number.isInteger(pid) && pid > 0 && Number.isInteger(from) && from >= 0 ? { printed: { pid, from } } : {};
  const length = view.getUint32(LENGTH, true);
  if (length === 0 || length > AREA_BYTES - HEADER) return printed;
  try {
    const reply = JSON.parse(new TextDecoder().decode(area.subarray(HEADER, HEADER + length))) as Provisional;
    const valid = typeof reply?.exitCode === "number" && typeof reply.stdout === "string" && typeof reply.stderr === "string";
    return valid ? { ...printed, reply } : printed;
  } catch {
    return printed;
  }
}
