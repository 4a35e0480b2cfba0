/**
 * Sign-in with login and password (AuthController_login); when the account has second verification on, the
 * service answers without a token and the second password completes the login
 * (AuthController_verifySecondVerification, server/platform/second-factor.ts). Only owners and administrators
 * use the console: an employee's account is told to sign in at the till.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import { Link } from '../components/Link.js';
import { Actions, Field, FormErrors, useSubmit } from '../components/form.js';
import { useApi, useSession, useT } from '../context.js';
import { sessionUser } from '../session.js';

const CONSOLE_ROLES = new Set(['OWNER', 'ADMIN']);

export function SignIn() {
  const t = useT();
  const api = useApi();
  const { signIn, endedByService } = useSession();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [second, setSecond] = useState<string | undefined>(undefined);
  const [notOwner, setNotOwner] = useState(false);
  const submit = useSubmit({ login: 'signIn.login', password: second === undefined ? 'signIn.password' : 'signIn.secondPassword' });

  const finish = (answer: Record<string, unknown>) => {
    const user = sessionUser(answer);
    if (!CONSOLE_ROLES.has(user.role)) {
      setNotOwner(true);
      return;
    }
    signIn({ token: String(answer.access_token), user });
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    setNotOwner(false);
    void submit.run(async () => {
      try {
        const answer = (await api.call('AuthController_login', { body: { login, password } })) as Record<string, unknown>;
        if (answer.second_verification_required === true) setSecond('');
        else finish(answer);
      } catch (error) {
        throw error instanceof ApiError && (error.status === 401 || error.status === 404) ? new ApiError('invalid', error.status, [{ text: t('signIn.wrong') }]) : error;
      }
    });
  };

  const onSecond = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(async () => {
      try {
        const answer = (await api.call('AuthController_verifySecondVerification', { body: { login, password: second ?? '' } })) as Record<string, unknown>;
        finish(answer);
      } catch (error) {
        throw error instanceof ApiError && (error.status === 401 || error.status === 403) ? new ApiError('invalid', error.status, [{ text: t('signIn.secondWrong') }]) : error;
      }
    });
  };

  if (second !== undefined) {
    return (
      <form className="panel auth-panel" onSubmit={onSecond} noValidate>
        <h1>{t('signIn.secondTitle')}</h1>
        <p className="muted">{t('signIn.secondIntro')}</p>
        <Field label="signIn.secondPassword" type="password" name="second-password" autoComplete="one-time-code" autoFocus value={second} onChange={setSecond} errors={submit.fields.password} />
        <FormErrors lines={submit.general} />
        <Actions>
          <button type="button" onClick={() => { setSecond(undefined); submit.clear(); }}>
            {t('signIn.back')}
          </button>
          <button type="submit" className="primary" disabled={submit.busy}>
            {t('signIn.secondSubmit')}
          </button>
        </Actions>
      </form>
    );
  }

  return (
    <form className="panel auth-panel" onSubmit={onPassword} noValidate>
      <h1>{t('signIn.title')}</h1>
      {endedByService ? <p className="notice-line">{t('error.sessionEnded')}</p> : null}
      <Field label="signIn.login" name="login" autoComplete="username" autoFocus value={login} onChange={setLogin} errors={submit.fields.login} />
      <Field label="signIn.password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} errors={submit.fields.password} />
      <FormErrors lines={notOwner ? [t('signIn.notOwner')] : submit.general} />
      <Actions>
        <button type="submit" className="primary" disabled={submit.busy}>
          {t('signIn.submit')}
        </button>
      </Actions>
      <p className="auth-switch">
        {t('signIn.noAccount')} <Link to="/register">{t('signIn.toRegister')}</Link>
      </p>
    </form>
  );
}
