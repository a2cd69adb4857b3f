import { Modal } from '../../components/modal';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './orders.module.css';

/** Phones get the whole screen: a centred dialog left a long list's buttons below the fold. */
export const PHONE_DIALOG_QUERY = '(max-width: 600px)';

interface Props {
  opened: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  /** the dialog's actions: always on screen under the content, which scrolls by itself */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The adisyon's dialogs (Satırları Taşı, Masa Taşı, Masa Birleştir, Seçenekler, Gel-Al / Paket):
 * full screen on a phone, centred elsewhere; the title stays at the top, the actions at the bottom,
 * and only the content between them scrolls, so however many lines a ticket has, the buttons that
 * finish the dialog are in reach without scrolling.
 */
export function TicketModal({ opened, onClose, title, children, footer, size = 'lg' }: Props) {
  const isPhone = useMediaQuery(PHONE_DIALOG_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={isPhone}
      centered={!isPhone}
      size={size}
      closeButtonProps={{ 'aria-label': 'Kapat' }}
      // gone at once when finished: the next tap (the next dish) lands on the adisyon, not on a fading overlay
      transitionProps={{ exitDuration: 0 }}
      classNames={{ content: classes.sheet, body: classes.sheetBody }}
    >
      <div className={classes.sheetScroll}>{children}</div>
      {footer && <div className={classes.sheetFooter}>{footer}</div>}
    </Modal>
  );
}
