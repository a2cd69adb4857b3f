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

function draw() {
  const onAdd = vi.fn();
  render(
    <MantineProvider>
      <OptionsDialog item={item} groups={groups} onClose={() => {}} onAdd={onAdd} />
    </MantineProvider>,
  );
  return { onAdd, user: userEvent.setup() };
}

describe('the options dialog', () => {
  it('refuses to add without the required choice and says which group is missing', async () => {
    const { onAdd, user } = draw();
    await user.click(screen.getByTestId('options-add'));
    expect(onAdd).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Boy: bir seçim yapın');
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
    expect(onAdd).toHaveBeenCalledWith(['big', 'mint'], 2);
  });
});
