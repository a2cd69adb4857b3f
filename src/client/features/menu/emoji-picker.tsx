import { SimpleGrid, UnstyledButton } from '@mantine/core';
import classes from './menu-management.module.css';

/** A short, food-first choice; any other emoji or a short word can be typed instead. */
export const FOOD_EMOJIS = [
  '🍲', '🥣', '🍜', '🥗', '🥙', '🌯', '🫓', '🍕', '🥪', '🍔', '🌭', '🍟',
  '🔥', '🍖', '🍗', '🥩', '🐟', '🍤', '🍛', '🍚', '🍝', '🥘', '🍳', '🧀',
  '🥖', '🥐', '🥞', '🍮', '🍰', '🧁', '🍩', '🍫', '🍨', '🍉', '🍓', '🍋',
  '🥤', '☕', '🍵', '🍺', '🍷', '🍹', '💧', '🌶️', '🍽️', '⭐',
];

export function EmojiPicker({ value, onChange }: { value: string; onChange(emoji: string): void }) {
  return (
    <SimpleGrid cols={{ base: 6, xs: 8 }} spacing={4} role="radiogroup" aria-label="Hazır simgeler">
      {FOOD_EMOJIS.map((emoji) => (
        <UnstyledButton
          key={emoji}
          role="radio"
          aria-checked={value === emoji}
          aria-label={`Simge ${emoji}`}
          className={classes.emoji}
          data-selected={value === emoji}
          onClick={() => onChange(emoji)}
        >
          {emoji}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
