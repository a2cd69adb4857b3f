import { Alert, Badge, Button, CopyButton, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ONLINE_ORDER_LIMITS, type PlatformConnectionInfo, type PlatformConnectionInput } from '../../../shared/online-orders-contract';
import { ONLINE_ORDER_SOURCE_LABELS, type DeliveryPlatform } from '../../../shared/domain/channels';
import { FIX_FIELDS_MESSAGE, fieldErrorsFrom, messageFor, useFieldErrors } from '../../api/field-errors';
import { savePlatformConnection } from './api/online-orders-mutations';
import { queryKeys } from '../../api/query-keys';
import { currentRestaurantId } from '../../api/restaurant';
import type { Choice } from '../../components/choice-select';
import { checkConnectionForm, formErrorsFrom, formFrom, type ConnectionForm } from './platform-connection-model';
import { pt } from './platform-text';
import { ProductMapTable } from './product-map-table';

/** Where the platform sends this restaurant's orders: this server's own address (https in production). */
/**
 * Where the platform sends its orders. Yemeksepeti (Delivery Hero's middleware) is given a plugin
 * base and calls its own paths under it (`/order/<remoteId>`, `/remoteId/…/posOrderStatus`).
 */
export const webhookUrlOf = (platform: DeliveryPlatform, restaurantId: string, origin = window.location.origin) =>
  platform === 'yemeksepeti' ? `${origin}/api/integrations/yemeksepeti/${restaurantId}` : `${origin}/api/integrations/${platform}/${restaurantId}/orders`;

const isLocal = (origin: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

/** "İstemci anahtarı  kayıtlı": a write-only secret says that it is set, never what it is. */
function SecretLabel({ text, isSet }: { text: string; isSet: boolean }) {
  return (
    <>
      {text}{' '}
      {isSet && (
        <Badge size="sm" variant="light" color="green.9" component="span">
          {pt.saved}
        </Badge>
      )}
    </>
  );
}

/**
 * One platform's connection: on/off, credentials (the secrets write-only), the restaurant's code,
 * the platform's address, auto-accept with its preparation time, the address the platform must
 * call, and the product mapping. Checked by the shared contract before it is sent; the server's
 * refusals land on the same fields.
 */
export function PlatformConnectionForm({
  platform,
  connection,
  dishes,
  onSaved,
}: {
  platform: DeliveryPlatform;
  connection: PlatformConnectionInfo | null;
  dishes: readonly Choice[];
  /** told after a save: the form is drawn afresh from the stored connection, so the parent shows the word */
  onSaved(message: string): void;
}) {
  const qc = useQueryClient();
  const name = ONLINE_ORDER_SOURCE_LABELS[platform];
  const [form, setForm] = useState<ConnectionForm>(() => formFrom(connection));
  const [result, setResult] = useState<{ ok: false; message: string } | null>(null);
  const fields = useFieldErrors();
  const update = (change: Partial<ConnectionForm>, field?: string) => {
    setForm((f) => ({ ...f, ...change }));
    // a row removed moves the rows after it: their marks would land on the wrong rows
    if (field === 'rows') for (const key of Object.keys(fields.errors)) if (key.startsWith('rows.')) fields.clear(key);
    if (field) fields.clear(field);
    setResult(null);
    onSaved(''); // "kaydedildi" no longer says what the form shows
  };
  const save = useMutation({
    mutationFn: (request: PlatformConnectionInput) => savePlatformConnection(platform, request),
    onSuccess: async (saved) => {
      // the form starts again from what is stored: the secrets typed are gone from the screen
      setForm(formFrom(saved));
      onSaved(pt.savedOk(name));
      await qc.invalidateQueries({ queryKey: queryKeys.platformConnections(currentRestaurantId()) });
    },
    onError: (err) => {
      fields.show(formErrorsFrom(fieldErrorsFrom(err), form.rows));
      setResult({ ok: false, message: messageFor(err) });
    },
  });

  const submit = () => {
    const checked = checkConnectionForm(form, connection?.hasWebhookSecret ?? false);
    if (!checked.ok) {
      fields.show(checked.errors);
      setResult({ ok: false, message: FIX_FIELDS_MESSAGE });
      return;
    }
    fields.clear();
    onSaved('');
    save.mutate(checked.request);
  };

  const origin = window.location.origin;
  const url = webhookUrlOf(platform, currentRestaurantId(), origin);
  const id = (field: string) => `${platform}-${field}`;
  return (
    <Stack gap="md">
      <Switch size="md" label={pt.enabled} checked={form.enabled} onChange={(e) => update({ enabled: e.currentTarget.checked })} />
      <TextInput id={id('client-id')} size="md" label={pt.clientId} autoComplete="off" spellCheck={false} value={form.clientId} {...fields.fieldProps('clientId')} onChange={(e) => update({ clientId: e.currentTarget.value }, 'clientId')} />
      {/* write-only: typed hidden, no "show" toggle (nothing stored is ever shown) */}
      <TextInput
        type="password"
        id={id('client-secret')}
        size="md"
        label={<SecretLabel text={pt.clientSecret} isSet={connection?.hasClientSecret ?? false} />}
        description={connection?.hasClientSecret ? pt.secretKept : undefined}
        placeholder={connection?.hasClientSecret ? pt.secretPlaceholder : undefined}
        // never the owner's own password from the browser's store
        autoComplete="new-password"
        value={form.clientSecret}
        {...fields.fieldProps('clientSecret')}
        onChange={(e) => update({ clientSecret: e.currentTarget.value }, 'clientSecret')}
      />
      <TextInput
        type="password"
        id={id('webhook-secret')}
        size="md"
        label={<SecretLabel text={pt.webhookSecret} isSet={connection?.hasWebhookSecret ?? false} />}
        description={connection?.hasWebhookSecret ? `${pt.webhookSecretHint} ${pt.secretKept}` : pt.webhookSecretHint}
        placeholder={connection?.hasWebhookSecret ? pt.secretPlaceholder : undefined}
        autoComplete="new-password"
        required={!connection?.hasWebhookSecret}
        value={form.webhookSecret}
        {...fields.fieldProps('webhookSecret')}
        onChange={(e) => update({ webhookSecret: e.currentTarget.value }, 'webhookSecret')}
      />
      <TextInput
        id={id('remote-code')}
        size="md"
        label={pt.remoteCode}
        description={pt.remoteCodeHint[platform]}
        autoComplete="off"
        spellCheck={false}
        value={form.remoteCode}
        {...fields.fieldProps('remoteCode')}
        onChange={(e) => update({ remoteCode: e.currentTarget.value }, 'remoteCode')}
      />
      {platform === 'yemeksepeti' && (
        <TextInput id={id('chain-code')} size="md" label={pt.chainCode} description={pt.chainCodeHint} autoComplete="off" spellCheck={false} value={form.chainCode} {...fields.fieldProps('chainCode')} onChange={(e) => update({ chainCode: e.currentTarget.value }, 'chainCode')} />
      )}
      {platform === 'trendyol' && (
        <>
          <TextInput id={id('store-id')} size="md" label={pt.storeId} description={pt.storeIdHint} autoComplete="off" spellCheck={false} value={form.storeId} {...fields.fieldProps('storeId')} onChange={(e) => update({ storeId: e.currentTarget.value }, 'storeId')} />
          <TextInput
            id={id('executor-user')}
            size="md"
            type="email"
            inputMode="email"
            label={pt.executorUser}
            description={pt.executorUserHint}
            autoComplete="off"
            spellCheck={false}
            value={form.executorUser}
            {...fields.fieldProps('executorUser')}
            onChange={(e) => update({ executorUser: e.currentTarget.value }, 'executorUser')}
          />
        </>
      )}
      <TextInput
        id={id('base-url')}
        size="md"
        type="url"
        inputMode="url"
        label={pt.baseUrl}
        description={pt.baseUrlHint}
        placeholder="https://"
        autoComplete="off"
        spellCheck={false}
        required
        value={form.baseUrl}
        {...fields.fieldProps('baseUrl')}
        onChange={(e) => update({ baseUrl: e.currentTarget.value }, 'baseUrl')}
      />
      <Switch size="md" label={pt.autoAccept} description={pt.autoAcceptHint} checked={form.autoAccept} onChange={(e) => update({ autoAccept: e.currentTarget.checked }, 'autoAcceptMinutes')} />
      {form.autoAccept && (
        <NumberInput
          id={id('auto-accept-minutes')}
          size="md"
          w={220}
          label={pt.autoAcceptMinutes}
          min={ONLINE_ORDER_LIMITS.prepMinutesMin}
          max={ONLINE_ORDER_LIMITS.prepMinutesMax}
          allowDecimal={false}
          value={form.autoAcceptMinutes}
          {...fields.fieldProps('autoAcceptMinutes')}
          onChange={(v) => update({ autoAcceptMinutes: typeof v === 'number' ? v : '' }, 'autoAcceptMinutes')}
        />
      )}
      <div>
        <Text fw={600}>{pt.webhookUrl}</Text>
        <Text size="sm">{platform === 'yemeksepeti' ? pt.pluginBaseHint : platform === 'trendyol' ? pt.trendyolPollHint : pt.webhookUrlHint}</Text>
        <Group gap="xs" mt={4} wrap="nowrap" align="flex-end">
          <TextInput aria-label={pt.webhookUrl} value={url} readOnly size="md" style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} data-testid="platform-webhook-url" />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="md" variant={copied ? 'filled' : 'default'} color={copied ? 'green.9' : undefined} onClick={copy} aria-label={pt.copyUrl(name)}>
                {copied ? pt.copied : pt.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
        {!origin.startsWith('https://') && !isLocal(origin) && (
          <Text size="sm" c="red.9" mt={4}>
            {pt.notHttps}
          </Text>
        )}
      </div>
      <ProductMapTable rows={form.rows} dishes={dishes} errors={fields.errors} onChange={(rows, field) => update({ rows }, field)} />
      {result && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <Button size="md" onClick={submit} loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {pt.save}
      </Button>
    </Stack>
  );
}
