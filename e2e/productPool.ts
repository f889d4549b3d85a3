import { createServer, type Server } from 'node:http';
import { startProduct, type Product } from './harness.ts';

/**
 * Products for the journey files, each on a fresh copy of the seeded store, started one file ahead: while a file's
 * tests run, the next file's product starts, so a file does not wait ~2–8 s for its own (ADR 030). Runs in the
 * global setup (vitest's main process); files ask over HTTP on 127.0.0.1 (`POST /lease` → `{ url, dataDir }`,
 * `POST /release` with the url as the body → stopped, its folder deleted).
 */
export interface ProductPool { url: string; close(): Promise<void> }

export async function startProductPool(seededDir: string | undefined): Promise<ProductPool> {
  const leased = new Map<string, Product>();
  const stopping = new Set<Promise<void>>();
  const startOne = () => startProduct({}, { seeded: seededDir !== undefined, from: seededDir });
  // The first file's product starts while vitest starts its worker.
  let spare: Promise<Product> | null = startOne();
  spare.catch(() => undefined);
  const stop = (product: Product) => {
    const done = product.stop().catch(() => undefined).finally(() => stopping.delete(done));
    stopping.add(done);
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'POST' && req.url === '/lease') {
          const next = spare ?? startOne();
          spare = null;
          const product = await next;
          leased.set(product.url, product);
          // The next file's product starts while this one's tests run.
          spare = startOne();
          spare.catch(() => undefined);
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ url: product.url, dataDir: product.dataDir }));
        } else if (req.method === 'POST' && req.url === '/release') {
          const product = leased.get(body);
          leased.delete(body);
          if (product) stop(product);
          res.writeHead(product ? 204 : 404).end();
        } else {
          res.writeHead(404).end();
        }
      })().catch((err: unknown) => res.writeHead(500).end(String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the product pool has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      const last = spare;
      spare = null;
      if (last) await last.then(stop, () => undefined);
      for (const product of leased.values()) stop(product);
      leased.clear();
      await Promise.all([...stopping]);
    },
  };
}
