// Builds dist/ when it is missing or older than any source file, so `npm start` works right after `npm install`.
const { existsSync, statSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { execSync } = require('node:child_process');

const root = join(__dirname, '..');
const marker = join(root, 'dist', '.build-stamp');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (entry.name.endsWith('.ts')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(join(root, 'src')),
  newest(join(root, 'migrations')),
  newest(join(root, 'scripts')),
  statSync(join(root, 'ormconfig.ts')).mtimeMs,
);
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  process.stdout.write('Building (dist/ is missing or older than the sources)...\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
