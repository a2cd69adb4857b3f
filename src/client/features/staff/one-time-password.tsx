import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { useState } from 'react';

/** A generated password, shown this once: the server never shows it again. */
export function OneTimePassword({ email, password, onDone }: { email: string; password: string; onDone(): void }) {
  const [isCopied, setCopied] = useState(false);
  return (
    <Alert color="green" title="Geçici şifre (yalnızca bir kez gösterilir)" role="status">
      <Text size="sm">
        {email} için şifre. Personelinize iletin; ilk girişten sonra Ayarlar ekranından değiştirebilir.
      </Text>
      <Group mt="sm" gap="sm">
        <Code fz="lg" data-testid="one-time-password">
          {password}
        </Code>
        <Button
          size="xs"
          variant="light"
          onClick={() => navigator.clipboard?.writeText(password).then(() => setCopied(true), () => setCopied(false))}
        >
          {isCopied ? 'Kopyalandı' : 'Kopyala'}
        </Button>
        <Button size="xs" variant="subtle" onClick={onDone}>
          Tamam
        </Button>
      </Group>
    </Alert>
  );
}
