/**
 * First run: the service's address and the one-time code, then the initial download with a real progress bar
 * (rows and tables, from `enrollment-progress` events). On success the store moves on to PIN login. A till the
 * owner disconnected comes here to be connected again (`reenrolling`): its data stays, so there is no download,
 * and a code of another business is refused with the reason. So does a till that is a copy of another, to be
 * connected as a new till: the core refuses while the copy still sends what it holds, saying how many.
 *
 * From outside (docs/downloads.md): a till installed from its workplace's download connects by itself (the core
 * reads its signed provisioning file) and this screen shows it, or why not — a used or expired code keeps the signed
 * address and asks only for a new code. A `kassa://enroll` link or `#enroll=…&code=…` fills in the form for a person
 * to confirm. A barcode or QR scanner may be used anywhere in the form: its fast burst ending in Enter is read as
 * a code (or a link) and sent.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { asRpcError, errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { ProgressBar } from '../components/ProgressBar.js';
import { overallProgress } from '../lib/progress.js';
import { readScan, scanCollector } from '../lib/enroll-offer.js';
import type { ProvisioningStatusPayload } from '../../shared/terminal-contract.js';
import type { MessageKey, MessageValues, Translate } from '../i18n/index.js';
import { useT, useTerminal } from '../state/context.js';

/** npm start's service address: the likely answer on a developer's machine. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8080';
/** How long the finished download stays on screen before PIN login. */
export const CONTINUE_AFTER_MS = 2_000;

/** What went wrong, kept as keys where it has words of ours, so a language switch translates it too. */
type Problem = { readonly lines: string[] } | { readonly keys: MessageKey[]; readonly values?: MessageValues };

/** The core's refusal of a copy that still holds operations to send: "3 operations of this till are still being sent…". */
const STILL_SENDING = /^(\d+) operations? of this till (?:is|are) still being sent/;

function enrollProblem(error: unknown, reenrolling: boolean, copy: boolean): Problem {
  const { statusCode, message } = asRpcError(error);
  // 400: the form itself (the bridge names the field); anything else: the code or the service.
  if (statusCode === 400) return { lines: errorLines(error) };
  // A copy connecting as a new till: refused while it still sends what it holds (how many, read from the core's
  // words; said as the core says it when they cannot be read).
  const sending = copy && statusCode === 409 && typeof message === 'string' ? STILL_SENDING.exec(message) : null;
  if (sending) return { keys: ['tillCopy.stillSending'], values: { count: Number(sending[1]) } };
  // Enrolling a disconnected till again, a 409 is the service refusing a code of another business.
  if (statusCode === 409 && reenrolling && !copy) return { keys: ['syncStates.otherBusiness'] };
  if (statusCode === 409) return { lines: errorLines(error) };
  return { keys: ['enroll.failedCode', 'enroll.failedService'] };
}

const problemLines = (problem: Problem, t: Translate): string[] =>
  'lines' in problem ? problem.lines : problem.keys.map((key) => t(key, problem.values));

/** Why a provisioning file did not connect the till, in words; and whether a new code is what it takes. */
const PROVISIONING_PROBLEMS: Record<NonNullable<ProvisioningStatusPayload['problem']>, MessageKey> = {
  'code-refused': 'enroll.provisioning.codeRefused',
  expired: 'enroll.provisioning.expired',
  untrusted: 'enroll.provisioning.untrusted',
  malformed: 'enroll.provisioning.malformed',
  'insecure-address': 'enroll.provisioning.insecure',
  unreachable: 'enroll.provisioning.unreachable',
};

export function Enrollment() {
  const t = useT();
  const enroll = useTerminal((state) => state.enroll);
  const enrolling = useTerminal((state) => state.enrolling);
  const progress = useTerminal((state) => state.progress);
  const enrollDone = useTerminal((state) => state.enrollDone);
  const continueAfterEnroll = useTerminal((state) => state.continueAfterEnroll);
  const reenrolling = useTerminal((state) => state.reenrolling);
  // A copy of another till is connected as a new till, not as the till it was copied from.
  const copy = useTerminal((state) => state.reenrolling && Boolean(state.sync?.copyDetectedAt));
  const cancelReenroll = useTerminal((state) => state.cancelReenroll);
  const knownServiceUrl = useTerminal((state) => state.serviceUrl);
  const offer = useTerminal((state) => state.enrollOffer);
  const provisioning = useTerminal((state) => state.provisioning);
  const [serviceUrl, setServiceUrl] = useState(offer?.serviceUrl ?? provisioning?.serviceUrl ?? knownServiceUrl ?? DEFAULT_SERVICE_URL);
  const [code, setCode] = useState(offer?.code ?? '');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<Problem>({ lines: [] });
  const codeInput = useRef<HTMLInputElement>(null);
  const collect = useRef(scanCollector());

  // The signed address of a provisioning file that could not be used: only a new code is needed.
  useEffect(() => {
    if (provisioning?.state === 'failed' && provisioning.serviceUrl) {
      setServiceUrl(provisioning.serviceUrl);
      codeInput.current?.focus();
    }
  }, [provisioning]);

  const send = (request: { serviceUrl: string; code: string }) => {
    setProblem({ lines: [] });
    enroll({ serviceUrl: request.serviceUrl.trim(), code: request.code.trim(), name: name.trim() }).catch((error: unknown) =>
      setProblem(enrollProblem(error, reenrolling, copy)),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A link pasted or scanned into the code field carries the address too.
    const scanned = readScan(code);
    send({ serviceUrl: scanned?.serviceUrl ?? serviceUrl, code: scanned?.code ?? code });
  };

  /** A scanner's burst ending in Enter, in whichever field it landed: taken out of that field and sent as the code. */
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const burst = collect.current(event.key, event.timeStamp);
    if (burst === undefined) return;
    const scanned = readScan(burst);
    if (!scanned) return;
    event.preventDefault();
    const target = event.target as HTMLInputElement;
    const strip = (value: string) => (value.endsWith(burst) ? value.slice(0, value.length - burst.length) : value);
    const nextServiceUrl = scanned.serviceUrl ?? (target.name === 'serviceUrl' ? strip(serviceUrl) : serviceUrl);
    if (target.name === 'name') setName(strip(name));
    setServiceUrl(nextServiceUrl);
    setCode(scanned.code);
    if (!busy) send({ serviceUrl: nextServiceUrl, code: scanned.code });
  };

  // The finished download stays on screen for a moment (or until Continue), so the cashier sees it complete.
  useEffect(() => {
    if (!enrollDone) return;
    const timer = setTimeout(() => void continueAfterEnroll().catch(() => undefined), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enrollDone, continueAfterEnroll]);

  const overall = overallProgress(progress);
  const busy = enrolling || enrollDone;

  return (
    <main className="centered-screen">
      <div className="panel enroll-panel">
        <header className="panel-header">
          <h1>{copy ? t('tillCopy.enrollTitle') : reenrolling ? t('syncStates.reconnectTitle') : t('enroll.title')}</h1>
          <LanguageSwitch />
        </header>
        <p className="muted">{t('enroll.intro')}</p>
        {reenrolling && <p className="notice">{t(copy ? 'tillCopy.enrollIntro' : 'syncStates.reconnectIntro')}</p>}
        {provisioning?.state === 'enrolling' && (
          <p className="notice" data-testid="provisioning">
            {t('enroll.provisioning.enrolling', { workplace: provisioning.workplace ?? '', server: provisioning.serviceUrl ?? '' })}
          </p>
        )}
        {provisioning?.state === 'failed' && provisioning.problem && (
          <p className="notice danger" role="alert" data-testid="provisioning">
            {t(PROVISIONING_PROBLEMS[provisioning.problem], { file: provisioning.file, server: provisioning.serviceUrl ?? '' })}
          </p>
        )}
        {offer && !provisioning && !busy && (
          <p className="notice" data-testid="enroll-offer">
            {t('enroll.offer', { server: offer.serviceUrl ?? serviceUrl })}
          </p>
        )}
        <form onSubmit={submit} onKeyDown={onKeyDown} className="form" aria-busy={busy}>
          <label>
            {t('enroll.serviceUrl')}
            <input
              name="serviceUrl"
              type="url"
              inputMode="url"
              autoComplete="off"
              required
              value={serviceUrl}
              disabled={busy}
              onChange={(event) => setServiceUrl(event.target.value)}
            />
          </label>
          <label>
            {t('enroll.code')}
            <input
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              autoFocus
              ref={codeInput}
              value={code}
              disabled={busy}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <label>
            {t('enroll.name')}
            <input
              name="name"
              autoComplete="off"
              value={name}
              disabled={busy}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <ErrorLines lines={problemLines(problem, t)} />
          <button type="submit" className="primary" disabled={busy || code.trim() === ''}>
            {t('enroll.submit')}
          </button>
          {reenrolling && !busy && (
            <button type="button" className="secondary" onClick={() => void cancelReenroll().catch(() => undefined)}>
              {t('common.cancel')}
            </button>
          )}
        </form>
        {(busy || progress) && (
          <section className="enroll-progress" aria-live="polite" data-testid="enroll-progress">
            <h2>{enrollDone ? t('enroll.done') : t('enroll.downloading')}</h2>
            <ProgressBar
              done={overall.rowsDone}
              total={overall.rowsTotal}
              label={t('enroll.progressRows', { done: overall.rowsDone, total: overall.rowsTotal })}
            />
            {overall.tableCount > 0 && overall.tableNumber > 0 && (
              <div className="muted" data-testid="progress-tables">
                {t('enroll.progressTables', {
                  index: overall.tableNumber,
                  count: overall.tableCount,
                  table: overall.table ?? '',
                })}
              </div>
            )}
            {enrollDone && (
              <button
                type="button"
                className="primary"
                autoFocus
                onClick={() => void continueAfterEnroll().catch(() => undefined)}
              >
                {t('enroll.continue')}
              </button>
            )}
          </section>
        )}
      </div>
    </main>
  );
}
