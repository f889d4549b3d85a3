import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { callApi } from './httpClient.ts';
import { summarize } from './stats.ts';

/**
 * Issue 11's figures on a running embedded product:
 *  - admin_push_p99_ms: an application submitted → the push has reached every one of `sockets`
 *    admin sockets (the slowest socket per sample);
 *  - history_p99_ms: `GET /api/sellers/{id}/history` of a stream with 1,000 events.
 */
const PASSWORD = 'violet-harbor-1987!';

const call = callApi;

const application = (i: number) => ({ applicantName: `벤치${i}`, email: `bench${i}@example.kr`, storeName: `벤치 스토어 ${i}`, businessType: 'individual' });

/** `reads`: times GETs of one url one after another outside the server's thread (the client worker's `reads`). */
export async function adminFigures(baseUrl: string, opts: { sockets: number; samples: number; historyEvents: number; historyReads: number;
  reads: (args: { url: string; headers: Record<string, string>; count: number }) => Promise<number[]> }) {
  const admin = (await call(baseUrl, 'POST', '/api/auth/demo', null, { role: 'admin' })).cookie!;
  // One buyer per sample: an account has at most one open application.
  const buyers: string[] = [];
  for (let i = 0; i < opts.samples + 1; i++) {
    const reg = await call(baseUrl, 'POST', '/api/auth/register', null, { email: `bench${i}@example.kr`, password: PASSWORD, firstName: `${i}`, lastName: '벤치', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true });
    buyers.push(reg.cookie!);
  }

  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < opts.sockets; i++) {
      const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: admin } });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); })));
    const pushMs: number[] = [];
    for (let i = 0; i < opts.samples; i++) {
      const started = performance.now();
      let id = '';
      const arrivals = sockets.map((s) => new Promise<number>((resolve) => {
        const listener = (payload: { id?: string; status?: string }) => {
          if (payload.status === 'pending' && (id === '' || payload.id === id)) {
            s.off(SOCKET_EVENTS.sellerApplicationChanged, listener);
            resolve(performance.now());
          }
        };
        s.on(SOCKET_EVENTS.sellerApplicationChanged, listener);
      }));
      id = ((await call(baseUrl, 'POST', '/api/seller-applications', buyers[i]!, application(i))).json as { id: string }).id;
      const last = Math.max(...(await Promise.all(arrivals)));
      pushMs.push(last - started);
    }

    // A seller whose stream holds 1,000 events: approved, then suspended and reinstated.
    const n = opts.samples;
    const applicationId = ((await call(baseUrl, 'POST', '/api/seller-applications', buyers[n]!, application(n))).json as { id: string }).id;
    const approved = await call(baseUrl, 'PUT', `/api/seller-applications/${applicationId}`, admin, { status: 'approved' });
    const sellerId = (approved.json as { sellerId: string }).sellerId;
    let position = (approved.json as { position: string }).position;
    for (let i = 2; i < opts.historyEvents; i++) {
      position = ((await call(baseUrl, 'PUT', `/api/sellers/${sellerId}`, admin, { status: i % 2 === 0 ? 'suspended' : 'approved' })).json as { position: string }).position;
    }
    const path = `/api/sellers/${sellerId}/history`;
    const first = await fetch(baseUrl + path, { headers: { cookie: admin, 'x-min-position': position } });
    const length = ((await first.json()) as unknown[]).length;
    const historyMs = await opts.reads({ url: baseUrl + path, headers: { cookie: admin }, count: opts.historyReads });
    return { push: summarize(pushMs), history: summarize(historyMs), historyLength: length };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}
