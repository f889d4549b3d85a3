import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { OPCODE, clientFrame, frames } from './wsFrames.ts';

// ws's framing classes, which its type declarations do not list.
const require = createRequire(import.meta.url);
const { Sender, Receiver } = require('ws') as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
  Receiver: new (options: { isServer: boolean }) => EventEmitter & { write(chunk: Buffer, cb: (err?: Error | null) => void): void };
};

/** A server's frame as `ws` (Socket.IO's server transport) builds it: unmasked, one buffer. */
const serverFrame = (text: string) => Buffer.concat(Sender.frame(Buffer.from(text), { fin: true, opcode: OPCODE.text, mask: false, readOnly: false, rsv1: false }));

const cut = (chunks: Buffer[]) => {
  const seen: string[] = [];
  let pending: Buffer | null = null;
  for (const chunk of chunks) pending = frames(pending ? Buffer.concat([pending, chunk]) : chunk, (opcode, payload) => seen.push(`${opcode}:${payload.toString('utf8')}`));
  return { seen, pending };
};

describe('the soak clients\' WebSocket framing', () => {
  // Lengths in each of the three encodings: 7 bits, 16 bits (126), 64 bits (127).
  const texts = ['2', `42["ranking:update",${JSON.stringify('가'.repeat(200))}]`, `42["cart:updated","${'x'.repeat(70_000)}"]`];

  it('cuts ws\'s server frames out of one read holding several', () => {
    expect(cut([Buffer.concat(texts.map(serverFrame))])).toEqual({ seen: texts.map((t) => `1:${t}`), pending: null });
  });

  it('keeps an unfinished frame for the next read, at every split point of the headers and beyond', () => {
    const framed = texts.map(serverFrame);
    const bytes = Buffer.concat(framed);
    const second = framed[0]!.length;
    const third = second + framed[1]!.length;
    // Inside the first frame, the second's 16-bit length and payload, the third's 64-bit length and payload.
    for (const at of [1, 2, second + 1, second + 3, second + 300, third + 1, third + 5, third + 9, bytes.length - 1]) {
      const first = cut([bytes.subarray(0, at)]);
      expect(first.pending?.length ?? 0).toBeGreaterThan(0);
      expect(cut([bytes.subarray(0, at), bytes.subarray(at)]).seen).toEqual(texts.map((t) => `1:${t}`));
    }
  });

  it('builds client frames a ws server reads (masked, short and 16-bit lengths)', async () => {
    const receiver = new Receiver({ isServer: true });
    const got: string[] = [];
    receiver.on('message', (data: Buffer) => got.push(data.toString('utf8')));
    const sent = ['40', `421["chat:join",{"sessionId":"${'s'.repeat(300)}","minPosition":"0"}]`];
    await new Promise<void>((resolve, reject) => receiver.write(Buffer.concat(sent.map((t) => clientFrame(OPCODE.text, Buffer.from(t)))), (err) => (err ? reject(err) : resolve())));
    expect(got).toEqual(sent);
  });
});
