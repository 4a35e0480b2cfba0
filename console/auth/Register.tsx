/**
 * Registers a new business and its owner (AuthController_register), then signs in with the same login and
 * password (AuthController_login) — registration answers ids, not a token.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '../components/Link.js';
import { Actions, Field, FormErrors, useSubmit } from '../components/form.js';
import { useApi, useSession, useT } from '../context.js';
import { navigate } from '../lib/router.js';
import { sessionUser } from '../session.js';

const LABELS = {
  businessName: 'register.businessName',
  name: 'register.name',
  login: 'register.login',
  password: 'register.password',
  phoneNumber: 'register.phoneNumber',
  address: 'register.address',
} as const;

export function Register() {
  const t = useT();
  const api = useApi();
  const { signIn } = useSession();
  const [form, setForm] = useState({ businessName: '', name: '', login: '', password: '', phoneNumber: '', address: '' });
  const submit = useSubmit(LABELS);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(async () => {
      await api.call('AuthController_register', {
        body: {
          businessName: form.businessName,
          name: form.name,
          login: form.login,
          password: form.password,
          ...(form.phoneNumber.trim() ? { phoneNumber: form.phoneNumber.trim() } : {}),
          ...(form.address.trim() ? { address: form.address.trim() } : {}),
        },
      });
      const answer = (await api.call('AuthController_login', { body: { login: form.login, password: form.password } })) as Record<string, unknown>;
      signIn({ token: String(answer.access_token), user: sessionUser(answer) });
      navigate('/', { replace: true });
    });
  };

  return (
    <form className="panel auth-panel wide" onSubmit={onSubmit} noValidate>
      <h1>{t('register.title')}</h1>
      <div className="grid-2">
        {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((field, index) => (
          <Field
            key={field}
            name={field}
            label={LABELS[field]}
            type={field === 'password' ? 'password' : field === 'phoneNumber' ? 'tel' : 'text'}
            autoComplete={field === 'password' ? 'new-password' : field === 'login' ? 'username' : 'off'}
            autoFocus={index === 0}
            value={form[field]}
            onChange={set(field)}
            errors={submit.fields[field]}
          />
        ))}
      </div>
      <FormErrors lines={submit.general} />
      <Actions>
        <button type="submit" className="primary" disabled={submit.busy}>
          {t('register.submit')}
        </button>
      </Actions>
      <p className="auth-switch">
        {t('register.haveAccount')} <Link to="/sign-in">{t('register.toSignIn')}</Link>
      </p>
    </form>
  );
}
