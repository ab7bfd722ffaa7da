import { readFileSync } from 'node:fs';
import { launchBrowser } from './lib/browser.mjs';
const [file, out, ...tops] = process.argv.slice(2);
const b = await launchBrowser();
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
const data = readFileSync(file).toString('base64');
await p.setContent(`<body style="margin:0"><img id=i src="data:image/png;base64,${data}"></body>`);
await p.waitForFunction(() => document.getElementById('i').complete);
for (const top of tops) {
  await p.evaluate((t) => window.scrollTo(0, t), Number(top));
  await p.screenshot({ path: `${out}-${top}.png` });
}
await b.close();
