import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { callApi } from './httpClient.ts';
import { summarize } from './stats.ts';

/**
 * Issue 25's figures on a running embedded product:
 *  - quote_offer_push_p99_ms: a seller's offer POST → `quote:offer` at the requesting buyer's socket,
 *    with `requests` open requests (one per buyer, each buyer's socket open) and `sellerSockets`
 *    seller sockets listening to `quote:request`;
 *  - quote_accept_p99_ms: `POST /api/quote-requests/{id}/accept` (request, offers declined, order placed).
 */
const PASSWORD = 'violet-harbor-1987!';
const MODEL = 'galaxy-s26-ultra';

interface Term { storage: number; carrier: string; joinType: string; planId: string }

export async function quoteFigures(baseUrl: string, opts: { requests: number; sellerSockets: number; pushSamples: number; acceptSamples: number }) {
  const admin = (await callApi(baseUrl, 'POST', '/api/auth/demo', null, { role: 'admin' })).cookie!;
  const seller = (await callApi(baseUrl, 'POST', '/api/auth/demo', null, { role: 'seller' })).cookie!;
  // A second approved seller, so accepted requests decline one offer each.
  const rival = (await callApi(baseUrl, 'POST', '/api/auth/register', null, { email: 'bench-quote-rival@example.kr', password: PASSWORD, firstName: '경쟁', lastName: '벤치', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).cookie!;
  const applied = (await callApi(baseUrl, 'POST', '/api/seller-applications', rival, {
    applicantName: '벤치경쟁', email: 'bench-quote-rival@example.kr', phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
    storeName: '벤치 경쟁점', storeDescription: '', experience: '', documents: [],
  })).json as { id: string };
  await callApi(baseUrl, 'PUT', `/api/seller-applications/${applied.id}`, admin, { status: 'approved', reviewNotes: '승인' });
  const rivalSeller = (await callApi(baseUrl, 'POST', '/api/auth/login', null, { email: 'bench-quote-rival@example.kr', password: PASSWORD })).cookie!;

  const buyers: string[] = [];
  const requestIds: string[] = [];
  let position = '0';
  for (let i = 0; i < opts.requests; i++) {
    const cookie = (await callApi(baseUrl, 'POST', '/api/auth/register', null, { email: `bench-quote-${i}@example.kr`, password: PASSWORD, firstName: `${i}`, lastName: '벤치', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true })).cookie!;
    buyers.push(cookie);
    const created = (await callApi(baseUrl, 'POST', '/api/quote-requests', cookie, {
      modelId: MODEL, carrier: 'SKT', joinType: '번호이동', plan: 'premium', budget: '100-150', discount: 'any', name: '김벤치', phone_number: '010-1234-5678', openHours: 48,
    })).json as { id: string; position: string };
    requestIds.push(created.id);
    position = created.position;
  }
  await fetch(`${baseUrl}/api/quote-market`, { headers: { 'x-min-position': position } });
  const terms = ((await callApi(baseUrl, 'GET', `/api/quote-requests/${requestIds[0]}/terms`, seller)).json as { terms: Term[] }).terms;
  const term = terms.find((t) => t.carrier === 'SKT' && t.joinType === '번호이동')!;
  const offer = (extraSubsidy: number) => ({ ...term, discount: 'subsidy', months: 24, extraSubsidy, planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false });

  const sockets: Socket[] = [];
  const connect = (cookie: string) => {
    const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    sockets.push(socket);
    return socket;
  };
  try {
    for (let i = 0; i < opts.sellerSockets; i++) connect(seller).on(SOCKET_EVENTS.quoteRequest, () => undefined);
    const buyerSockets = buyers.map((cookie) => connect(cookie));
    await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => { s.once('connect', () => resolve()); s.once('connect_error', reject); })));

    // The push: one offer per sample on its own request; the requesting buyer's socket hears it.
    const pushMs: number[] = [];
    for (let i = 0; i < opts.pushSamples; i++) {
      const requestId = requestIds[i % requestIds.length]!;
      const socket = buyerSockets[i % requestIds.length]!;
      const arrived = new Promise<number>((resolve) => {
        const listener = (payload: { requestId?: string }) => {
          if (payload.requestId !== requestId) return;
          socket.off(SOCKET_EVENTS.quoteOffer, listener);
          resolve(performance.now());
        };
        socket.on(SOCKET_EVENTS.quoteOffer, listener);
      });
      const started = performance.now();
      await callApi(baseUrl, 'POST', `/api/quote-requests/${requestId}/offers`, seller, offer(50_000 + i));
      pushMs.push((await arrived) - started);
    }

    // Accepts: requests with two offers (the demo seller's and the rival's); the buyer accepts the rival's.
    const acceptMs: number[] = [];
    for (let i = 0; i < opts.acceptSamples; i++) {
      const k = i % requestIds.length;
      const requestId = requestIds[k]!;
      const rivalOffer = (await callApi(baseUrl, 'POST', `/api/quote-requests/${requestId}/offers`, rivalSeller, offer(120_000))).json as { id: string };
      const started = performance.now();
      await callApi(baseUrl, 'POST', `/api/quote-requests/${requestId}/accept`, buyers[k]!, { offerId: rivalOffer.id, fulfilment: 'visit', conditionsConfirmed: [rivalOffer.id], naegujeConfirmed: true });
      acceptMs.push(performance.now() - started);
    }
    return { push: summarize(pushMs), accept: summarize(acceptMs), requests: requestIds.length, sockets: sockets.length };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}
