/**
 * Sign-in security: the owner's (or administrator's) second password — what the service's second factor is
 * (server/platform/second-factor.ts, docs/console.md "Sign-in security"). With it on, `AuthController_login` answers
 * without a token and the sign-in page asks for it. Turning it on, changing it and turning it off each take the
 * account's own password (`current_password`), so a session left open cannot switch the factor off; the second
 * password is typed twice, so a typo cannot lock the owner out. All through the public auth operations.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useApi, useT } from '../../context.js';
import { Actions, Field, FormErrors, useSubmit } from '../../components/form.js';
import type { MessageKey } from '../../i18n/index.js';
import { describeError } from '../../lib/problems.js';
import type { ConsolePage } from '../page.js';

type Change = 'enable' | 'update' | 'disable';

const OPERATION = {
  enable: 'AuthController_enableSecondVerification',
  update: 'AuthController_updateSecondVerificationPassword',
  disable: 'AuthController_disableSecondVerification',
} as const;

const DONE: Record<Change, MessageKey> = { enable: 'security.turnedOn', update: 'security.changed', disable: 'security.turnedOff' };
const LABELS = { password: 'security.second', current_password: 'security.current' } as const;

/** One change of the second password: its fields, its own refusals, its button. */
function ChangeForm({ change, onDone }: { change: Change; onDone: (change: Change) => Promise<void> }) {
  const api = useApi();
  const t = useT();
  const submit = useSubmit(LABELS);
  const [second, setSecond] = useState('');
  const [repeat, setRepeat] = useState('');
  const [current, setCurrent] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const asksSecond = change !== 'disable';

  const send = (event: FormEvent) => {
    event.preventDefault();
    // A typo in a password nobody sees would lock the owner out: the two entries must agree before anything is sent.
    if (asksSecond && second !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    void submit
      .run(() => api.call(OPERATION[change], { body: { ...(asksSecond ? { password: second } : {}), current_password: current } }))
      .then(async (ok) => {
        if (!ok) return;
        setSecond('');
        setRepeat('');
        setCurrent('');
        await onDone(change);
      });
  };

  const title: MessageKey = change === 'enable' ? 'security.turnOnTitle' : change === 'update' ? 'security.changeTitle' : 'security.turnOffTitle';
  const button: MessageKey = change === 'enable' ? 'security.turnOn' : change === 'update' ? 'security.change' : 'security.turnOff';
  return (
    <form className="panel editor" onSubmit={send} aria-label={t(title)}>
      <h2>{t(title)}</h2>
      {change === 'disable' ? <p className="muted">{t('security.turnOffHint')}</p> : null}
      {asksSecond ? (
        <>
          <Field label="security.second" type="password" autoComplete="new-password" value={second} onChange={setSecond} errors={submit.fields.password} />
          <Field label="security.repeat" type="password" autoComplete="new-password" value={repeat} onChange={setRepeat} errors={mismatch ? [t('security.mismatch')] : undefined} />
        </>
      ) : null}
      <Field label="security.current" type="password" autoComplete="current-password" value={current} onChange={setCurrent} errors={submit.fields.current_password} />
      <FormErrors lines={submit.general} />
      <Actions>
        <button type="submit" className={change === 'disable' ? 'danger' : 'primary'} disabled={submit.busy}>
          {t(button)}
        </button>
      </Actions>
    </form>
  );
}

function SecurityPage() {
  const api = useApi();
  const t = useT();
  const [enabled, setEnabled] = useState<boolean | undefined>(undefined);
  const [problem, setProblem] = useState<{ error: unknown } | null>(null);
  const [notice, setNotice] = useState<MessageKey | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const profile = (await api.call('AuthController_getProfile')) as { second_verification?: boolean };
      setEnabled(profile.second_verification === true);
      setProblem(null);
    } catch (error) {
      setProblem({ error });
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const done = async (change: Change) => {
    setNotice(DONE[change]);
    await load();
  };

  return (
    <section className="security-page">
      <p className="muted">{t('security.intro')}</p>
      <FormErrors lines={problem ? describeError(problem.error, t).general : []} />
      {enabled === undefined ? (
        problem ? null : <p className="muted">{t('common.loading')}</p>
      ) : (
        <>
          <p className={enabled ? 'success' : 'muted'} data-testid="second-factor-state">
            <strong>{t(enabled ? 'security.stateOn' : 'security.stateOff')}</strong>
          </p>
          {notice ? (
            <p className="success" role="status">
              {t(notice)}
            </p>
          ) : null}
          {enabled ? (
            <div className="security-forms">
              <ChangeForm key="update" change="update" onDone={done} />
              <ChangeForm key="disable" change="disable" onDone={done} />
            </div>
          ) : (
            <ChangeForm key="enable" change="enable" onDone={done} />
          )}
        </>
      )}
    </section>
  );
}

const page: ConsolePage = { path: '/security', titleMessageId: 'page.security', Component: SecurityPage };
export default page;
