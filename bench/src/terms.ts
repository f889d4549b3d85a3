import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { summarize } from './stats.ts';

/**
 * Issue 27's figures on a running embedded product:
 *  - webhook_p99_ms: `POST /api/channels/{id}/webhook`, each a new signed delivery with one policy
 *    image (a 600×800 PNG, decoded and re-encoded to WebP by the route), sent one after another:
 *    from the request to its 201 (signature, window, replay check, re-encode, the batch's event).
 */
interface Jar { cookie: string }

async function call(baseUrl: string, method: string, path: string, jar: Jar | null, body?: unknown): Promise<unknown> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar?.cookie ? { cookie: jar.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (jar) {
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) jar.cookie = [...jar.cookie.split('; ').filter((c) => c && !set.some((s) => s.split('=')[0] === c.split('=')[0])), ...set].join('; ');
  }
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

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
