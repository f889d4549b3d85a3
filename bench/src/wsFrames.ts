/**
 * The WebSocket framing (RFC 6455) the 10,000-socket soak's clients do themselves on plain TCP
 * (bench/src/sockets10kClient.ts): frames to the server, masked as the RFC requires (with a zero key,
 * so the bytes sent are the payload itself), and the server's unmasked frames cut out of what a read
 * brought. Tested against `ws` (wsFrames.test.ts).
 */
export const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** A client frame: FIN, the opcode, the mask bit with a zero key (the payload goes as it is). */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  if (n > 0xffff) throw new Error('a soak client frame is at most 65,535 bytes');
  const head = n < 126 ? Buffer.from([0x80 | opcode, 0x80 | n]) : Buffer.from([0x80 | opcode, 0x80 | 126, n >> 8, n & 0xff]);
  return Buffer.concat([head, Buffer.alloc(4), payload]);
}

/**
 * Cuts the server's (unmasked) frames out of `buffer`, calling `onFrame` for each whole one; answers
 * the bytes of an unfinished frame, kept for the next read. Server frames here are never fragmented
 * (Engine.IO sends each packet as one frame).
 */
export function frames(buffer: Buffer, onFrame: (opcode: number, payload: Buffer) => void): Buffer | null {
  let at = 0;
  while (buffer.length - at >= 2) {
    let length = buffer[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) { if (buffer.length - at < 4) break; length = buffer.readUInt16BE(at + 2); start = at + 4; }
    else if (length === 127) { if (buffer.length - at < 10) break; length = Number(buffer.readBigUInt64BE(at + 2)); start = at + 10; }
    if (buffer.length < start + length) break;
    onFrame(buffer[at]! & 0x0f, buffer.subarray(start, start + length));
    at = start + length;
  }
  return at === buffer.length ? null : buffer.subarray(at);
}

