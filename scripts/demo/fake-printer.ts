/**
 * `npm run fake-printer`: the demo's receipt printer. A fake ESC/POS network printer on 127.0.0.1:9100 (or
 * KASSA_FAKE_PRINTER_PORT) that prints every job it receives as text — the lines in the code page the job chose,
 * then what else the paper would show (cut, cash drawer pulse, barcode, QR code) and anything it did not understand.
 * The demo business's points are configured with this address (scripts/demo/demo-printer.ts), so a newcomer sees
 * each receipt the till prints. Type "paper" + Enter to run it out of paper, "off" to switch it off, "on" to bring
 * it back (the till then says so and offers a reprint).
 */
import { createInterface } from 'node:readline';
import { startFakePrinter, type FakePrinterState, type ReceivedJob } from '../../test/helpers/fake-printer.js';
import { DEMO_PRINTER_HOST, demoPrinterPort } from './demo-printer.js';

function describeJob(job: ReceivedJob, index: number): string[] {
  const { parsed } = job;
  const width = Math.max(32, ...parsed.lines.map((line) => line.length));
  const extras = [
    parsed.drawerPulses > 0 ? `cash drawer opened ×${parsed.drawerPulses}` : '',
    parsed.cuts > 0 ? `cut ×${parsed.cuts}` : '',
    ...parsed.barcodes.map((value) => `Code 128: ${value}`),
    ...parsed.qrCodes.map((value) => `QR: ${value}`),
    parsed.codePageSwitches.length > 0 ? `code page ESC t ${parsed.codePageSwitches.join(', ')}` : '',
  ].filter(Boolean);
  return [
    `┌─ job ${index} · ${job.bytes.length} bytes · ${new Date(job.firstByteAt).toLocaleTimeString()} ${'─'.repeat(Math.max(0, width - 30))}`,
    ...parsed.lines.map((line) => `│ ${line}`),
    `└─ ${extras.join(' · ')}`,
    ...parsed.problems.map((problem) => `   ! ${problem}`),
  ];
}

const port = demoPrinterPort();
const printer = await startFakePrinter({ host: DEMO_PRINTER_HOST, port });
console.log(`Fake receipt printer listening on ${DEMO_PRINTER_HOST}:${printer.port} (the demo's points print here).`);
console.log('Type "paper" to run out of paper, "off" to switch it off, "on" to make it ready again; Ctrl+C quits.');
printer.onJob((job) => console.log(describeJob(job, printer.jobs.length).join('\n')));

const commands: Record<string, FakePrinterState> = { paper: 'paper-out', off: 'off', on: 'ready', ready: 'ready' };
createInterface({ input: process.stdin }).on('line', (line) => {
  const next = commands[line.trim().toLowerCase()];
  if (!next) return console.log('commands: paper, off, on');
  void printer.setState(next).then(() => console.log(`printer is now ${next}`));
});
process.on('SIGINT', () => void printer.close().then(() => process.exit(0)));
