import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { call, type Jar } from './httpClient.ts';
import { summarize } from './stats.ts';

/**
 * Issue 27's figures on a running embedded product:
 *  - webhook_p99_ms: `POST /api/channels/{id}/webhook`, each a new signed delivery with one policy
 *    image (a 600×800 PNG, decoded and re-encoded to WebP by the route), sent one after another:
 *    from the request to its 201 (signature, window, replay check, re-encode, the batch's event).
 */

/** A policy sheet's look: a white page with rows of grey bars (compresses like a real table screenshot). */
async function policyImage(): Promise<string> {
  const rows = Array.from({ length: 24 }, (_, i) => `<rect x="20" y="${40 + i * 30}" width="${300 + (i * 37) % 240}" height="14" fill="#${i % 2 ? '555' : '999'}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#fff"/>${rows}</svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

export async function webhookFigures(baseUrl: string, opts: { deliveries: number; warmup: number }) {
  const admin: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', admin, { role: 'admin' });
  const channelId = `bench-${Date.now().toString(36)}`;
  const created = (await call(baseUrl, 'POST', '/api/admin/channels', admin, { channelId, channelName: '벤치 정책방', allowedImageTypes: ['image/png'] })) as { apiKey: string };
  const image = await policyImage();
  const ms: number[] = [];
  for (let i = 0; i < opts.warmup + opts.deliveries; i++) {
    const body = JSON.stringify({ deliveryId: `d-${i}`, message: `정책 ${i}`, images: [{ contentType: 'image/png', base64: image }] });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', created.apiKey).update(timestamp + body).digest('hex')}`;
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/channels/${channelId}/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature }, body,
    });
    await res.arrayBuffer();
    const elapsed = performance.now() - t;
    if (res.status !== 201) throw new Error(`webhook delivery ${i} answered ${res.status}`);
    if (i >= opts.warmup) ms.push(elapsed);
  }
  return { webhook: summarize(ms), imageBytes: Buffer.from(image, 'base64').length };
}

/**
 * terms_change_reprice_ms: a log with today's catalogue and `offers` more new units of one model ×
 * storage × carrier × 가입유형 on one plan (sellers' offers on the same terms), then one 공시지원금
 * change of that table: from the admin's PUT to the first `GET /api/models/{id}/offers` (with the
 * change's X-Min-Position) that shows every one of them re-priced.
 */
export async function writeTermsLog(file: string, offers: number): Promise<{ modelId: string; storage: number; planId: string; subsidy: number; offers: number; template: { price: number; plans: { planId: string; subsidy: number }[] } }> {
  const { randomUUID } = await import('node:crypto');
  const { openSqliteEventStore, streams, toNewEvent, offerListedSchema } = await import('@phonemarket/events');
  const { seedCatalogue } = await import('@phonemarket/command-api/seedCatalogue.ts');
  const { seedOffers } = await import('@phonemarket/command-api/features/catalogue/seedData.ts');
  const anchor = new Date();
  const store = openSqliteEventStore(file);
  try {
    await seedCatalogue(store, () => anchor, randomUUID);
    const template = seedOffers(anchor).map((o) => offerListedSchema.parse(o.offer))
      .find((o) => o.condition === 'new' && o.carrier === 'SKT' && o.joinType === '번호이동' && o.plans.length === 2)!;
    const at = new Date(anchor.getTime() - 3_600_000).toISOString();
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'bench-terms', causationId: null, at };
    for (let i = 0; i < offers; i++) {
      const offerId = `${template.offerId}-bench-${i}`;
      const data = { ...template, offerId, extraSubsidy: (i % 20) * 5_000, stock: 5, listedAt: at };
      await store.append(streams.offer(offerId), [toNewEvent({ type: 'OfferListed', data }, randomUUID(), meta)], { expectedRevision: 'no_stream' });
    }
    return { modelId: template.modelId, storage: template.storage, planId: template.plans[0]!.planId, subsidy: template.plans[0]!.subsidy, offers, template: { price: template.price, plans: template.plans } };
  } finally {
    await store.close();
  }
}

export async function termsRepriceFigures(baseUrl: string, terms: { modelId: string; storage: number; planId: string; subsidy: number; offers: number }, changes: number) {
  const admin: Jar = { cookie: '' };
  await call(baseUrl, 'POST', '/api/auth/demo', admin, { role: 'admin' });
  const offersPath = `/api/models/${terms.modelId}/offers?storage=${terms.storage}&carrier=SKT&joinType=${encodeURIComponent('번호이동')}&plan=${terms.planId}&discount=subsidy`;
  // Warm: the offers index built once.
  await call(baseUrl, 'GET', offersPath, null);
  const ms: number[] = [];
  let repriced = 0;
  for (let i = 1; i <= changes; i++) {
    const subsidy = terms.subsidy + i * 10_000;
    const t = performance.now();
    const answer = (await call(baseUrl, 'PUT', '/api/admin/carrier-terms/subsidies', admin, {
      modelId: terms.modelId, storage: terms.storage, carrier: 'SKT', joinType: '번호이동', planId: terms.planId, subsidy,
    })) as { position: string };
    const res = await fetch(baseUrl + offersPath, { headers: { 'x-min-position': answer.position } });
    const body = (await res.json()) as { offers: { quote: { subsidy: number; devicePrice: number; extraSubsidy: number } }[] };
    ms.push(performance.now() - t);
    const stale = body.offers.filter((o) => o.quote.subsidy !== Math.min(subsidy, o.quote.devicePrice - o.quote.extraSubsidy));
    if (stale.length > 0) throw new Error(`after change ${i}: ${stale.length} of ${body.offers.length} offers not re-priced`);
    repriced = body.offers.length;
  }
  return { reprice: summarize(ms), repriced };
}
