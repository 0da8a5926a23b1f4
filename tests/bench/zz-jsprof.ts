import { writeFileSync } from 'node:fs';
import { launchBrowser, newContext } from '../helpers/browser';

const browser = await launchBrowser();
const context = await newContext(browser, { width: 412, height: 823 });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto('http://localhost:4100/login?tenant=demo', { waitUntil: 'networkidle' });
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/login.cpuprofile', JSON.stringify(profile));
await browser.close();
