import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './services.ts';

/** Debian's nginx (or one on PATH), or null when it is not installed. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find((p) => existsSync(p)) ?? null;
}

const DEPLOY_CONF = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');

/**
 * deploy/nginx.conf with the compose hostnames, port and root replaced, and nothing else changed.
 * `queryApi`/`commandApi` are a `host:port` or the name of an upstream group of `nginxMainConfig`.
 */
export function nginxSiteConfig(opts: { queryApi: string; commandApi: string; listen: string; root: string }): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    return text.replace(new RegExp(from.source, 'g'), to);
  };
  let conf = DEPLOY_CONF;
  conf = replace(conf, /http:\/\/query-api:3000/, `http://${opts.queryApi}`);
  conf = replace(conf, /http:\/\/command-api:3000/, `http://${opts.commandApi}`);
  conf = replace(conf, /listen 80;/, `listen ${opts.listen};`);
  conf = replace(conf, /root \/usr\/share\/nginx\/html;/, `root ${opts.root};`);
  return conf;
}

/**
 * The main configuration around it (what the nginx image's /etc/nginx/nginx.conf does), everything
 * under `dir`. `upstreams`: groups of instances (name → `host:port`s), as compose's replicas behind one
 * service name; nginx moves on to the next instance of a group when one refuses the connection.
 */
export function nginxMainConfig(dir: string, opts: { proxyBind?: string | null; upstreams?: Record<string, string[]> } = {}): string {
  return [
    process.getuid?.() === 0 ? 'user root;' : '', // as root, workers would otherwise run as nobody and not read dir
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  default_type application/octet-stream;',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    opts.proxyBind ? `  proxy_bind ${opts.proxyBind};` : '',
    ...Object.entries(opts.upstreams ?? {}).map(([name, servers]) => `  upstream ${name} { ${servers.map((s) => `server ${s};`).join(' ')} }`),
    `  include ${dir}/default.conf;`,
    '}',
    '',
  ].join('\n');
}
