import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { requireModernNode } from './node-version.ts';

requireModernNode();
const root = path.resolve(import.meta.dirname, '..');
// A fresh clone has no built frontend yet: build it once, then serve it from the same port.
if (!existsSync(path.join(root, 'frontend/dist/index.html'))) {
  console.log('Building the frontend (first start)…');
  execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit' });
}
await import('../server/src/main.ts');
