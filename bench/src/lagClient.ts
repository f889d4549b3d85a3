/**
 * The client side of the lag figures (runs in the client worker, not in the server's thread):
 * distinct visitors (guest, the demo accounts, freshly registered users) each view products once,
 * then either poll the product until its viewCount shows the view, or read it once with
 * `X-Min-Position` set to the position the command answered.
 */
import { cookieOf, requestJson, sleep } from './httpClient.ts';

export interface LagArgs {
  baseUrl: string;
  samples: number;
  rwSamples: number;
  /** Poll interval while waiting for the view to show. */
  pollMs: number;
}

export interface LagResult {
  pollLagMs: number[];
  rwLagMs: number[];
  polls: number[];
  visitors: number;
  products: number;
  notCounted: number;
  rwStale: number;
}

interface Visitor { name: string; cookie: string }
interface ViewAnswer { id: string; position: string; counted: boolean }
interface ProductAnswer { id: string; viewCount: number }

const POLL_TIMEOUT_MS = 5_000;

export async function runLag(args: LagArgs): Promise<LagResult> {
  const { baseUrl } = args;
  const origin = { origin: baseUrl };
  const list = await requestJson<{ products: { id: string; modelId: string }[]; total: number }>('GET', `${baseUrl}/api/products?limit=100&sort=new`);
  // Views count per phone model (issue 10): one offer per model to read its model's viewCount from.
  const offerOfModel = new Map<string, string>();
  for (const p of list.data.products) if (!offerOfModel.has(p.modelId)) offerOfModel.set(p.modelId, p.id);
  const products = [...offerOfModel.keys()];
  if (products.length === 0) throw new Error('lag: no products');

  const visitors: Visitor[] = [{ name: 'guest', cookie: '' }];
  for (const role of ['user', 'seller', 'admin']) {
    const res = await requestJson('POST', `${baseUrl}/api/auth/demo`, { json: { role }, headers: origin });
    visitors.push({ name: `demo-${role}`, cookie: cookieOf(res.headers) });
  }
  const needed = Math.ceil((args.samples + args.rwSamples) / products.length);
  for (let i = 0; visitors.length < needed; i++) {
    const email = `bench-${Date.now().toString(36)}-${i}@bench.phonemarket.kr`;
    const res = await requestJson('POST', `${baseUrl}/api/auth/register`, {
      json: { email, password: 'bench-password-1234', firstName: '벤치', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true }, headers: origin,
    });
    visitors.push({ name: `user-${i}`, cookie: cookieOf(res.headers) });
  }
  let pair = 0;
  const nextPair = () => {
    const v = visitors[pair % visitors.length]!;
    const p = products[Math.floor(pair / visitors.length) % products.length]!;
    pair++;
    return { visitor: v, productId: p };
  };
  const headersOf = (v: Visitor, extra: Record<string, string> = {}) => ({ ...(v.cookie ? { cookie: v.cookie } : {}), ...extra });
  const getProduct = async (v: Visitor, modelId: string, extra: Record<string, string> = {}) =>
    requestJson<ProductAnswer>('GET', `${baseUrl}/api/products/${encodeURIComponent(offerOfModel.get(modelId)!)}`, { headers: headersOf(v, extra), expect: [200] });
  const view = async (v: Visitor, id: string) =>
    (await requestJson<ViewAnswer>('POST', `${baseUrl}/api/products/${encodeURIComponent(id)}/views`, { headers: headersOf(v, origin) })).data;

  const result: LagResult = { pollLagMs: [], rwLagMs: [], polls: [], visitors: visitors.length, products: products.length, notCounted: 0, rwStale: 0 };

  while (result.pollLagMs.length < args.samples) {
    const { visitor, productId } = nextPair();
    const before = (await getProduct(visitor, productId)).data.viewCount;
    const answer = await view(visitor, productId);
    const t0 = performance.now();
    if (!answer.counted) { result.notCounted++; continue; }
    let polls = 0;
    for (;;) {
      const now = (await getProduct(visitor, productId)).data.viewCount;
      polls++;
      if (now > before) break;
      if (performance.now() - t0 > POLL_TIMEOUT_MS) throw new Error(`lag: view of ${productId} not visible after ${POLL_TIMEOUT_MS} ms`);
      await sleep(args.pollMs);
    }
    result.pollLagMs.push(performance.now() - t0);
    result.polls.push(polls);
  }

  while (result.rwLagMs.length < args.rwSamples) {
    const { visitor, productId } = nextPair();
    const before = (await getProduct(visitor, productId)).data.viewCount;
    const answer = await view(visitor, productId);
    const t0 = performance.now();
    if (!answer.counted) { result.notCounted++; continue; }
    const read = await getProduct(visitor, productId, { 'x-min-position': answer.position });
    result.rwLagMs.push(performance.now() - t0);
    if (read.data.viewCount <= before || read.headers['x-projection-lagging']) result.rwStale++;
  }
  return result;
}
