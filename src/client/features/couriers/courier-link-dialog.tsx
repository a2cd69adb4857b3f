import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { CourierLinkResult } from '../../../shared/couriers-contract';
import { courierPageUrl } from './api/couriers';
import { Modal } from '../../components/modal';
import classes from './couriers.module.css';
import { dateAndClockText } from './courier-time';

/**
 * The new link, once: as an address to send and a QR code the courier's phone reads. Only its hash
 * is kept by the server, so closing this dialog is the last time it is seen (a new link replaces it).
 */
export function CourierLinkDialog({ name, link, onClose }: { name: string; link: CourierLinkResult | null; onClose: () => void }) {
  const url = link ? courierPageUrl(link.path) : '';
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setQr(null);
    if (url) void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 400 }).then((src) => isCurrent && setQr(src));
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return (
    <Modal opened={link !== null} onClose={onClose} title={`${name}: kurye bağlantısı`} size="md">
      {link && (
        <Stack gap="sm">
          <Text>Kurye bu bağlantıyı telefonunda açar; giriş gerekmez. {dateAndClockText(link.expiresAt)} saatine kadar geçerli.</Text>
          {qr ? <img src={qr} alt={`Kurye bağlantısının QR kodu: ${url}`} className={classes.qr} /> : <div className={classes.qr} aria-hidden />}
          <Text className={classes.linkText} data-testid="courier-link-url">
            {url}
          </Text>
          <Text size="sm">Bu bağlantı bir daha gösterilmez: kaybolursa yeni bağlantı oluşturun (eskisi çalışmaz olur).</Text>
          <Group>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="md" variant="light" onClick={copy}>
                  {copied ? 'Kopyalandı' : 'Bağlantıyı kopyala'}
                </Button>
              )}
            </CopyButton>
            <Button size="md" variant="default" onClick={onClose}>
              Tamam
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
