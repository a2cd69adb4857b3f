import { expect, refusedRequest, test } from '../fixtures';
import { DEMO, PHONE_DEVICE, demoRestaurantId, layOutDemoTables, loginAs, readFloor, touchDrag } from '../helpers';

const PLAN_GRID = 20;

test.describe('on a touch screen', () => {
  test.use(PHONE_DEVICE);

  test('the owner drags a table with a finger; it snaps to the grid and is still there after a reload', async ({ page, request }) => {
    const rid = await demoRestaurantId(request);
    await layOutDemoTables(request, rid);
    const section = (await readFloor(request, rid))[0];
    const before = section.tables[0];
    await loginAs(page, DEMO.owner, '/owner');
    await page.goto('/owner/table-layout');
    await expect(page.getByRole('heading', { name: 'Masa Düzeni' })).toBeVisible();

    const table = page.getByTestId(`layout-table-${before.name}`);
    await expect(table).toHaveAttribute('data-x', String(before.x));
    const scale = Number(await page.getByRole('group', { name: `${section.name} kat planı` }).getAttribute('data-scale'));
    const box = (await table.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Two and a bit grid steps right and one and a bit down, in screen pixels.
    const dx = (2 * PLAN_GRID + 7) * scale;
    const dy = (1 * PLAN_GRID + 6) * scale;

    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/tables/${before.id}`));
    await touchDrag(page, from, { x: from.x + dx, y: from.y + dy });
    expect((await saved).status()).toBe(200);
    const expected = { x: before.x + 2 * PLAN_GRID, y: before.y + PLAN_GRID };
    await expect(table).toHaveAttribute('data-x', String(expected.x));
    await expect(table).toHaveAttribute('data-y', String(expected.y));

    await page.reload();
    await expect(page.getByTestId(`layout-table-${before.name}`)).toHaveAttribute('data-x', String(expected.x));
    await expect(page.getByTestId(`layout-table-${before.name}`)).toHaveAttribute('data-y', String(expected.y));
    const after = (await readFloor(request, rid))[0].tables.find((t) => t.id === before.id)!;
    expect({ x: after.x, y: after.y }).toEqual(expected);

    // A tap (no movement) only selects: the side panel opens on it, nothing is saved.
    await page.getByTestId(`layout-table-${before.name}`).tap();
    await expect(page.getByLabel('Masa adı')).toHaveValue(before.name);
  });
});

test('the keyboard moves a selected table one grid step per arrow, and the form renames it', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  await layOutDemoTables(request, rid);
  const section = (await readFloor(request, rid))[0];
  const before = section.tables[1];
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/table-layout');
  const table = page.getByTestId(`layout-table-${before.name}`);
  await table.focus();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/tables/${before.id}`));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  expect((await saved).status()).toBe(200);
  await expect(table).toHaveAttribute('data-y', String(before.y + 2 * PLAN_GRID));
  await expect(table).toHaveAttribute('data-x', String(before.x - PLAN_GRID));

  const name = `${before.name} P`;
  // Checked in the browser with the shared schema: the message sits on the field, nothing is sent.
  await page.getByLabel('Masa adı').fill('   ');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByLabel('Masa adı')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Masa adı')).toBeFocused();
  await page.getByLabel('Masa adı').fill(name);
  await page.getByLabel('Kişi sayısı').fill('8');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('status')).toContainText(`${name} kaydedildi`);
  await expect(page.getByTestId(`layout-table-${name}`)).toHaveAttribute('aria-label', /8 kişilik/);
  // Put the name back for the other tests.
  await page.getByLabel('Masa adı').fill(before.name);
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('status')).toContainText(`${before.name} kaydedildi`);
});

test('a section with an open ticket cannot be deleted: the server’s Turkish reason shows', async ({ page, request, pageErrors }) => {
  pageErrors.allow(refusedRequest(409)); // the refused delete
  const rid = await demoRestaurantId(request);
  const section = (await readFloor(request, rid))[0];
  const free = section.tables.find((t) => t.ticketId === null)!;
  const opened = await request.post(`/api/restaurants/${rid}/tickets`, { data: { type: 'table', tableId: free.id } });
  expect([201, 409]).toContain(opened.status());
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/table-layout');
  await page.getByRole('tab', { name: new RegExp(`^${section.name}`) }).click();
  await page.getByRole('button', { name: 'Bölümü Sil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bölümü Sil' });
  await dialog.getByRole('button', { name: 'Sil' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).not.toHaveText(/HTTP/);
  await dialog.getByRole('button', { name: 'Vazgeç' }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${section.name}`) })).toBeVisible();
});

test('a new section: tables added on top of each other are laid out with Masaları Diz, then the section is deleted', async ({ page, request }) => {
  const rid = await demoRestaurantId(request);
  await loginAs(page, DEMO.owner, '/owner');
  await page.goto('/owner/table-layout');
  await page.getByRole('button', { name: '+ Bölüm Ekle' }).click();
  const add = page.getByRole('dialog', { name: 'Bölüm Ekle' });
  await add.getByLabel('Bölüm adı').fill('Teras');
  await add.getByRole('button', { name: 'Kaydet' }).click();
  const tab = page.getByRole('tab', { name: /^Teras/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  const section = (await readFloor(request, rid)).find((s) => s.name === 'Teras')!;
  for (const name of ['T1', 'T2', 'T3']) {
    const res = await request.post(`/api/restaurants/${rid}/tables`, { data: { sectionId: section.id, name, x: 0, y: 0 } });
    expect(res.status(), await res.text()).toBe(201);
  }
  // The live 'tables' events bring them in; they are stacked, so the screen offers to lay them out.
  // All three first: a table arriving after the click would land on the grid's first spot again.
  for (const name of ['T1', 'T2', 'T3']) await expect(page.getByTestId(`layout-table-${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Masaları Diz' }).click();
  await expect(page.getByRole('status')).toContainText('ızgaraya dizildi');
  await expect(page.getByRole('button', { name: 'Masaları Diz' })).toHaveCount(0);
  const placed = (await readFloor(request, rid)).find((s) => s.id === section.id)!.tables;
  expect(new Set(placed.map((t) => `${t.x},${t.y}`)).size).toBe(3);

  // Çoğalt: a copy with the next free name, then deleted again.
  await page.getByTestId('layout-table-T1').click();
  await page.getByRole('button', { name: 'Çoğalt' }).click();
  await expect(page.getByRole('status')).toContainText('eklendi');
  await expect(page.getByRole('tab', { name: /^Teras \(4\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Masayı Sil' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByRole('tab', { name: /^Teras \(3\)/ })).toBeVisible();

  // Reorder: Teras moves one place to the left, and the server keeps that order.
  const names = async () => (await readFloor(request, rid)).map((s) => s.name);
  const before = await names();
  await page.getByRole('button', { name: 'Teras: sola taşı' }).click();
  await expect.poll(names).toEqual([...before.slice(0, -2), 'Teras', before.at(-2)]);
  await expect(page.getByRole('tab').last()).toHaveText(new RegExp(`^${before.at(-2)}`));

  await page.getByRole('button', { name: 'Bölümü Sil' }).click();
  const remove = page.getByRole('dialog', { name: 'Bölümü Sil' });
  await expect(remove).toContainText('3 masa');
  await remove.getByRole('button', { name: 'Sil' }).click();
  await expect(tab).toHaveCount(0);
});
