import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import type { DiningTable } from '../../../shared/tables-contract';
import { publicMenuUrl, tableLabel } from '../../../shared/public-menu-view';
import { getUserSession } from '../../api/session';
import { useTables } from '../tables/api';
import { useMenuBase, useRestaurantName } from './api/public-menu-settings';
import { QrImage } from './qr-image';
import classes from './qr-menu.module.css';
import { useQrTokens } from './api/qr-tokens';

/** Six cards on an A4 page: 2 columns × 3 rows, each about 9 × 9 cm with dashed cutting lines. */
const CARDS_PER_PAGE = 6;

function pagesOf(tables: DiningTable[]): DiningTable[][] {
  const pages: DiningTable[][] = [];
  for (let i = 0; i < tables.length; i += CARDS_PER_PAGE) pages.push(tables.slice(i, i + CARDS_PER_PAGE));
  return pages;
}

interface SheetProps {
  tables: DiningTable[];
  /** each table's QR token: the card's code carries it, never the table id */
  tokens: Map<string, string>;
  base: string;
  restaurantId: string;
  restaurantName: string;
  testIds: boolean;
}

function Sheet({ tables, tokens, base, restaurantId, restaurantName, testIds }: SheetProps) {
  return (
    <div className={classes.sheet}>
      {pagesOf(tables).map((page, p) => (
        <section key={p} className={classes.page} aria-label={`Sayfa ${p + 1}`}>
          {page.map((t) => {
            const url = publicMenuUrl(base, restaurantId, tokens.get(t.id));
            return (
              <article key={t.id} className={classes.card} data-testid={testIds ? 'table-card' : undefined} data-table-id={t.id}>
                <div className={classes.cardRestaurant}>{restaurantName}</div>
                <QrImage url={url} size="48mm" alt={`${tableLabel(t.name)} QR kodu`} className={classes.cardQr} />
                <div className={classes.cardTable}>{tableLabel(t.name)}</div>
                <div className={classes.cardHint}>Menüyü görmek için telefonunuzun kamerasıyla okutun</div>
              </article>
            );
          })}
        </section>
      ))}
    </div>
  );
}

/** The A4 sheet of table cards: a preview on screen, and only the sheet when printed. */
export function TableCardsSheet() {
  const restaurantId = getUserSession()?.restaurantId ?? '';
  const tables = useTables();
  const tokens = useQrTokens();
  const base = useMenuBase();
  const name = useRestaurantName();
  // a card is printed only with its table's token: a code without it could not order
  const list = (tables.data ?? []).filter((t) => tokens.byTable.has(t.id));

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint}>
        <div>
          <Title order={2}>Masa Kartları</Title>
          <Text size="sm" c="dimmed">
            {list.length} masa · {Math.ceil(list.length / CARDS_PER_PAGE)} A4 sayfa · kesik çizgilerden kesin
          </Text>
        </div>
        <Group>
          <Button variant="default" size="md" component={Link} to="..">
            Geri
          </Button>
          <Button size="md" onClick={() => window.print()} disabled={list.length === 0}>
            Yazdır
          </Button>
        </Group>
      </Group>
      {(tables.error || tokens.error) && (
        <Alert color="red" role="alert">
          {(tables.error ?? tokens.error)?.message}
        </Alert>
      )}
      <div className={classes.preview}>
        <Sheet tables={list} tokens={tokens.byTable} base={base} restaurantId={restaurantId} restaurantName={name} testIds />
      </div>
      {/* A copy straight under <body>: printing shows it alone, whatever the dashboard's layout does. */}
      {createPortal(
        <div className={classes.printRoot} data-testid="print-sheet">
          <Sheet tables={list} tokens={tokens.byTable} base={base} restaurantId={restaurantId} restaurantName={name} testIds={false} />
        </div>,
        document.body,
      )}
    </Stack>
  );
}
