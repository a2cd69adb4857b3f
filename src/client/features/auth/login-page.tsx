import { Alert, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../../shared/auth-contract';
import { ROLE_HOME } from '../../../shared/roles';
import { tr } from '../../i18n/tr';
import { login, resumeSavedLogin } from './auth-api';
import classes from './login-page.module.css';
import { SavedAccountDialog } from './saved-account-dialog';
import {
  clearManualLogout,
  forgetSavedEmail,
  getSavedEmail,
  isManualLogout,
  saveEmail,
  setUserSession,
} from './session-storage';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [remember, setRemember] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [savedEmail, setSavedEmail] = useState<string | null>(null);

  useEffect(() => {
    const saved = getSavedEmail();
    if (saved && !isManualLogout()) setSavedEmail(saved);
  }, []);

  function enter(user: AuthUser) {
    setUserSession(user);
    navigate(ROLE_HOME[user.role], { replace: true });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
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
        <form onSubmit={handleSubmit}>
          <Stack>
            <TextInput
              label={tr.login.email}
              type="email"
              autoComplete="username"
              required
              withAsterisk={false}
              size="md"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={tr.login.password}
              autoComplete="current-password"
              required
              withAsterisk={false}
              size="md"
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
          </Stack>
        </form>
      </Paper>

      <SavedAccountDialog email={savedEmail} onYes={handleSavedLogin} onNo={() => setSavedEmail(null)} />
    </main>
  );
}
