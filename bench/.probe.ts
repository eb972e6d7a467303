import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServerProcess } from './lib/serverProcess.ts';
import { mkdtempSync } from 'node:fs';
const s = await startServerProcess({ DATA_DIR: mkdtempSync('/tmp/tp-'), SEED: 'demo', ...(process.env.D ? { DIST_DIR: process.env.D } : {}) }, process.env.D ? { cwd: '/tmp/taps-main' } : {});
const b = await launchBrowser();
for (let k = 0; k < 2; k++) {
const c = await b.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
const p = await c.newPage();
await (await c.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.goto(s.url + '/', { waitUntil: 'load' });
await p.waitForTimeout(6000);
for (const name of ['GET A QUOTE', 'Hourly Rate', 'GET A QUOTE']) {
console.log(JSON.stringify(await p.evaluate((name) => new Promise((res) => {
  const tab = [...document.querySelectorAll<HTMLElement>('[role=tab]')].find(t => t.textContent === name)!;
  const t0 = performance.now();
  tab.click();
  const mo = new MutationObserver(() => { if (tab.getAttribute('aria-selected') === 'true') { mo.disconnect(); const d = performance.now() - t0; requestAnimationFrame(() => { const m = new MessageChannel(); m.port1.onmessage = () => res({ name, dom: Math.round(d), painted: Math.round(performance.now() - t0) }); m.port2.postMessage(0); }); } });
  mo.observe(document, { subtree: true, attributes: true, childList: true });
}), name)));
await p.waitForTimeout(1000);
}
await c.close();
}
await b.close(); await s.stop();
