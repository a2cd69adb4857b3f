import { Accordion, Alert, Badge, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type PlatformConnectionInfo } from '../../../shared/online-orders-contract';
import { DELIVERY_PLATFORMS, ONLINE_ORDER_SOURCE_LABELS, type DeliveryPlatform } from '../../../shared/domain/channels';
import { messageFor } from '../../api/field-errors';
import { platformConnectionsQuery } from './api/online-orders-queries';
import { useMenu } from '../menu/api';
import { SettingsSection } from '../../components/settings-section';
import { dishChoices } from './dish-choices';
import { PlatformConnectionForm } from './platform-connection-form';
import { pt } from './platform-text';

function statusText(c: PlatformConnectionInfo | undefined) {
  if (!c) return pt.notConnected;
  const state = c.enabled ? pt.connected : pt.off;
  return c.enabled && c.autoAcceptMinutes !== null ? `${state} · ${pt.autoAcceptOn(c.autoAcceptMinutes)}` : state;
}

/**
 * Ayarlar > Yemek Platformları: one fold per platform (Yemeksepeti, Getir Yemek, Trendyol Yemek)
 * with its status in words; opening one shows its connection form.
 */
export function PlatformConnectionsSection() {
  const connections = useQuery(platformConnectionsQuery());
  const menu = useMenu();
  const dishes = useMemo(() => dishChoices(menu.data), [menu.data]);
  const [saved, setSaved] = useState<Partial<Record<DeliveryPlatform, string>>>({});
  const byPlatform = new Map((connections.data ?? []).map((c) => [c.platform, c]));
  return (
    <SettingsSection title={pt.sectionTitle}>
      <Text size="sm">{pt.sectionHint}</Text>
      {connections.isPending ? (
        <Loader aria-label="Yükleniyor" />
      ) : connections.isError ? (
        <Alert color="red" role="alert">
          {messageFor(connections.error)}
        </Alert>
      ) : (
        <Accordion variant="separated" multiple>
          {DELIVERY_PLATFORMS.map((platform) => {
            const connection = byPlatform.get(platform);
            return (
              <Accordion.Item key={platform} value={platform} data-testid={`platform-${platform}`}>
                <Accordion.Control mih={48}>
                  <Group gap="sm" wrap="wrap">
                    <Text fw={600}>{ONLINE_ORDER_SOURCE_LABELS[platform]}</Text>
                    <Badge variant={connection?.enabled ? 'filled' : 'outline'} color={connection?.enabled ? 'green.9' : 'dark'}>
                      {statusText(connection)}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {/* a new stored version (saved here, or a product mapped from the inbox) starts the form afresh */}
                  <PlatformConnectionForm
                    key={connection?.updatedAt ?? 'new'}
                    platform={platform}
                    connection={connection ?? null}
                    dishes={dishes}
                    onSaved={(message) => setSaved((s) => ((s[platform] ?? '') === message ? s : { ...s, [platform]: message }))}
                  />
                  {saved[platform] && (
                    <Alert color="green" role="status" mt="md">
                      {saved[platform]}
                    </Alert>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </SettingsSection>
  );
}
