import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HttpError } from '@phonemarket/platform/http/errors.ts';
import { renderPhoneSvg } from './svg.ts';
import { BUSY_MESSAGE, webpRenderer } from './webp.ts';

describe('webpRenderer', () => {
  it('draws a picture once per ladder width and answers later requests from memory', async () => {
    const renderer = webpRenderer();
    let draws = 0;
    const draw = () => {
      draws++;
      return renderPhoneSvg('galaxy-s26');
    };
    const [a, b] = await Promise.all([renderer.render('phones/galaxy-s26', 390, draw), renderer.render('phones/galaxy-s26', 400, draw)]);
    const c = await renderer.render('phones/galaxy-s26', 400, draw);
    expect(draws).toBe(1);
    expect(a?.width).toBe(400);
    expect(a?.body.equals(b!.body) && a.body.equals(c!.body)).toBe(true);
    expect((await sharp(a!.body).metadata()).width).toBe(400);
    await renderer.render('phones/galaxy-s26', 800, draw);
    expect(draws).toBe(2);
  });

  it('answers null for a picture that is not drawn', async () => {
    expect(await webpRenderer().render('phones/x', 400, () => null)).toBeNull();
  });

  it('refuses new renders with a Korean 503 while too many wait, and draws them again afterwards', async () => {
    const renderer = webpRenderer({ concurrency: 1, maxWaiting: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => renderer.render(`phones/made-up-${i}`, 1600, () => renderPhoneSvg(`made-up-${i}`))),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(HttpError);
      expect((reason as HttpError).status).toBe(503);
      expect((reason as HttpError).message).toBe(BUSY_MESSAGE);
      expect((reason as HttpError).headers['Retry-After']).toBe('1');
    }
    // a refused picture is not remembered as refused
    const again = await renderer.render('phones/made-up-4', 1600, () => renderPhoneSvg('made-up-4'));
    expect(again?.width).toBe(1600);
  });
});
