import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../../shared/auth-contract';
import { ROLE_HOME, type Role } from '../../../shared/domain/roles';
import { tr } from '../../i18n/tr';
import type { SharedDeviceInfo } from '../../../shared/pin-contract';
import { login, resumeSavedLogin } from './api/login';
import { rememberSharedDevice } from '../../api/shared-device-hint';
import { fetchSharedDevice } from './api/pin-login';
import { PinSignIn } from './pin-sign-in';
import classes from './login-page.module.css';
import { SavedAccountDialog } from './saved-account-dialog';
import { clearSessionEndedNotice, isDeniedState, readSessionEndedNotice } from './session-notice';
import {
  clearManualLogout,
  forgetSavedEmail,
  getSavedEmail,
  getUserSession,
  isManualLogout,
  saveEmail,
  setUserSession,
} from '../../api/session';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function LoginPage() {
  const session = getUserSession();
  const location = useLocation();
  // Signed in already: straight on to the own dashboard (which says why, after a wrong role).
  if (session) return <Navigate to={ROLE_HOME[session.role]} replace state={location.state} />;
  return <LoginForm deniedRole={isDeniedState(location.state) ? location.state.deniedRole : null} />;
}

function LoginForm({ deniedRole }: { deniedRole: Role | null }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [remember, setRemember] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [savedEmail, setSavedEmail] = useState<string | null>(null);
  const [notice] = useState(() => readSessionEndedNotice() ?? (deniedRole ? tr.session.signInFirst(tr.roles[deniedRole]) : null));
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => clearSessionEndedNotice(), []);

  useEffect(() => {
    const saved = getSavedEmail();
    if (saved && !isManualLogout()) setSavedEmail(saved);
  }, []);

  // A registered shared device offers the PIN pad first (and never the previous person's saved account).
  const [device, setDevice] = useState<SharedDeviceInfo | null>(null);
  const [usePassword, setUsePassword] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    fetchSharedDevice()
      .then((info) => {
        if (!isCurrent) return;
        rememberSharedDevice(info.device?.name ?? null);
        if (info.device) (setDevice(info), setSavedEmail(null));
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, []);

  function enter(user: AuthUser) {
    setUserSession(user);
    navigate(ROLE_HOME[user.role], { replace: true });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The app checks the fields itself: Turkish messages on the field, not the browser's English.
    const missing = { email: email.trim() ? undefined : tr.login.emailMissing, password: password ? undefined : tr.login.passwordMissing };
    setFieldErrors(missing);
    if (missing.email || missing.password) {
      (missing.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const user = await login({ email, password, remember });
      if (remember) {
        saveEmail(user.email);
        clearManualLogout();
      } else {
        forgetSavedEmail();
      }
      enter(user);
    } catch (err) {
      setError(tr.login.failed + messageOf(err));
      setBusy(false);
    }
  }

  async function handleSavedLogin() {
    setSavedEmail(null);
    setBusy(true);
    setError('');
    try {
      enter(await resumeSavedLogin());
    } catch (err) {
      forgetSavedEmail();
      setError(tr.login.autoFailed + messageOf(err));
      setBusy(false);
    }
  }

  return (
    <main className={classes.page}>
      <Paper component="section" className={classes.card} shadow="md" radius="lg" p="xl" withBorder>
        <Stack gap="xs" mb="lg" align="center">
          <div className={classes.logo} aria-hidden>
            S
          </div>
          <Title order={1} size="h2">
            {tr.appName}
          </Title>
          <Text c="dimmed" size="sm">
            {tr.login.subtitle}
          </Text>
        </Stack>
        {notice && (
          <Alert color="yellow" role="status" variant="light" mb="md">
            {notice}
          </Alert>
        )}
        {device && !usePassword ? (
          <PinSignIn info={device} onSignedIn={enter} onUsePassword={() => setUsePassword(true)} />
        ) : (
          <form onSubmit={handleSubmit} noValidate>
            <Stack>
              <TextInput
                label={tr.login.email}
                type="email"
                autoComplete="username"
                required
                withAsterisk={false}
                size="md"
                ref={emailRef}
                error={fieldErrors.email}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label={tr.login.password}
                autoComplete="current-password"
                required
                withAsterisk={false}
                size="md"
                ref={passwordRef}
                error={fieldErrors.password}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                visible={isPasswordVisible}
                onVisibilityChange={setPasswordVisible}
                visibilityToggleButtonProps={{
                  'aria-label': isPasswordVisible ? tr.login.hidePassword : tr.login.showPassword,
                }}
              />
              <Checkbox label={tr.login.remember} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
              {error && (
                <Alert color="red" role="alert" variant="light">
                  {error}
                </Alert>
              )}
              <Button type="submit" size="md" fullWidth disabled={isBusy}>
                {isBusy ? tr.login.submitting : tr.login.submit}
              </Button>
              {device && (
                <Button variant="default" size="md" fullWidth onClick={() => setUsePassword(false)}>
                  PIN ile giriş
                </Button>
              )}
            </Stack>
          </form>
        )}
      </Paper>

      <SavedAccountDialog email={savedEmail} onYes={handleSavedLogin} onNo={() => setSavedEmail(null)} />
    </main>
  );
}
