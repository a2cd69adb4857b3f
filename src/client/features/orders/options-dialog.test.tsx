import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuItem, optionGroup } from '../../test-support/fixtures';
import { OptionsDialog } from './menu-picker';

const item = menuItem({ id: 'ayran', categoryId: 'c', name: 'Ayran', priceKurus: 4500, optionGroupIds: ['size', 'extra'] });
const groups = [
  optionGroup({
    id: 'size',
    name: 'Boy',
    options: [
      { id: 'small', name: 'Küçük', priceKurus: 0, sortOrder: 0 },
      { id: 'big', name: 'Büyük', priceKurus: 2000, sortOrder: 1 },
    ],
  }),
  optionGroup({
    id: 'extra',
    name: 'Ekstra',
    isMultiple: true,
    isRequired: false,
    minChoices: 0,
    sortOrder: 1,
    options: [
      { id: 'mint', name: 'Naneli', priceKurus: 500, sortOrder: 0 },
      { id: 'salt', name: 'Tuzsuz', priceKurus: 0, sortOrder: 1 },
    ],
  }),
];

function draw(dialogGroups = groups) {
  const onAdd = vi.fn();
  render(
    <MantineProvider>
      <OptionsDialog item={item} groups={dialogGroups} onClose={() => {}} onAdd={onAdd} />
    </MantineProvider>,
  );
  return { onAdd, user: userEvent.setup() };
}

/** Sos: required, one of two that both cost extra; no choice is made for the waiter. */
const sauce = optionGroup({
  id: 'sauce',
  name: 'Sos',
  sortOrder: 2,
  options: [
    { id: 'hot', name: 'Acılı', priceKurus: 500, sortOrder: 0 },
    { id: 'mild', name: 'Acısız', priceKurus: 500, sortOrder: 1 },
  ],
});
/** Meze: required, at least two of three. */
const meze = optionGroup({
  id: 'meze',
  name: 'Meze',
  isMultiple: true,
  minChoices: 2,
  maxChoices: 3,
  sortOrder: 3,
  options: [
    { id: 'haydari', name: 'Haydari', priceKurus: 0, sortOrder: 0 },
    { id: 'ezme', name: 'Ezme', priceKurus: 0, sortOrder: 1 },
    { id: 'humus', name: 'Humus', priceKurus: 0, sortOrder: 2 },
  ],
});

describe('the options dialog', () => {
  it('starts a required single-choice group whose first choice costs nothing on that choice, so Ekle works at once', async () => {
    const { onAdd, user } = draw();
    expect(screen.getByRole('button', { name: /Küçük/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Büyük/ })).toHaveAttribute('aria-pressed', 'false');
    // an optional group starts empty: "nothing" is a choice there
    expect(screen.getByRole('button', { name: /Naneli/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('options-add')).toBeEnabled();
    expect(screen.getByTestId('options-add')).toHaveTextContent('Ekle · 45,00 TL');
    await user.click(screen.getByTestId('options-add'));
    expect(onAdd).toHaveBeenCalledWith(['small'], 1, null);
  });

  it('keeps Ekle disabled while a required group has no choice, and says which group needs one', async () => {
    const { onAdd, user } = draw([...groups, sauce, meze]);
    // a first choice that costs extra is never made for the waiter
    expect(screen.getByRole('button', { name: /Acılı/ })).toHaveAttribute('aria-pressed', 'false');
    const add = screen.getByTestId('options-add');
    expect(add).toBeDisabled();
    expect(screen.getByTestId('options-missing')).toHaveTextContent('Eklemek için seçin: Sos: bir seçim yapın · Meze: en az 2 seçim yapın');
    expect(add).toHaveAccessibleDescription(/Sos: bir seçim yapın/);
    // each group says it too
    expect(screen.getByRole('group', { name: /Sos/ })).toHaveTextContent('Sos: bir seçim yapın');
    await user.click(add);
    expect(onAdd).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Acısız/ }));
    await user.click(screen.getByRole('button', { name: 'Haydari' }));
    expect(add).toBeDisabled();
    expect(screen.getByTestId('options-missing')).toHaveTextContent('Eklemek için seçin: Meze: en az 2 seçim yapın');
    await user.click(screen.getByRole('button', { name: 'Ezme' }));
    expect(add).toBeEnabled();
    expect(screen.queryByTestId('options-missing')).not.toBeInTheDocument();
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith(['small', 'mild', 'haydari', 'ezme'], 1, null);
  });

  it('shows add-on prices, keeps a group to its maximum and adds the chosen options with the quantity', async () => {
    const { onAdd, user } = draw();
    expect(screen.getByRole('button', { name: /Büyük \+20,00 TL/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Büyük/ }));
    await user.click(screen.getByRole('button', { name: /Naneli/ }));
    // "Ekstra" allows one: the other option is disabled now.
    expect(screen.getByRole('button', { name: /Tuzsuz/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Adedi artır' }));
    expect(screen.getByTestId('options-add')).toHaveTextContent('Ekle · 140,00 TL');
    await user.click(screen.getByTestId('options-add'));
    expect(onAdd).toHaveBeenCalledWith(['big', 'mint'], 2, null);
  });

  it('puts quick notes tapped in the dialog on the new line, in the order tapped, and a second tap takes one back', async () => {
    const { onAdd, user } = draw();
    await user.click(screen.getByRole('button', { name: '+ buzsuz' }));
    await user.click(screen.getByRole('button', { name: '+ paket' }));
    await user.click(screen.getByRole('button', { name: '+ soğansız' }));
    await user.click(screen.getByRole('button', { name: '✓ soğansız' }));
    expect(screen.getByRole('button', { name: '✓ buzsuz' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('options-add'));
    expect(onAdd).toHaveBeenCalledWith(['small'], 1, 'buzsuz, paket');
  });
});
