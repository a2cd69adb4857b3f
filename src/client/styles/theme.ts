import {
  createTheme,
  type AnchorProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type NumberInputProps,
  type PasswordInputProps,
  type PillProps,
  type SliderProps,
} from '@mantine/core';

/*
 * The one place for colours and control sizes (WCAG AA: 4.5:1 for normal text).
 * Mantine's orange from shade 6 up is too light for white text (shade 8, the filled button,
 * measured 3.58:1) and for orange text on its light tint (3.62:1), so the upper shades are
 * darkened: white on shade 7 is 5.2:1, on shade 8 5.9:1; shade 9 on shade 1 (light buttons,
 * the active sidebar item) is 6.5:1.
 */
const orange: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#b03d0b',
  '#9a3412',
];

/*
 * Grey hints (`c="dimmed"`, descriptions, placeholders) used gray-6, 3.32:1 on white; shade 6
 * is darkened to 5.7:1 so hint text stays readable on white and on the grey page background.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5f666d',
  '#495057',
  '#343a40',
  '#212529',
];

/*
 * Filled buttons use shade 8 of their colour. Mantine's green 8 (3.45:1 under white text), red 8
 * (4.0:1) and teal 8 (3.5:1) are too light: darkened so white on shade 8 is 6.5:1, 6.4:1 and 7:1.
 */
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2b8a3e', '#1f6b30', '#18522a'];
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#e03131', '#b02525', '#8f1d1d'];
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0c8a66', '#08665a', '#064d44'];

/** Light variants (light buttons, badges, alerts) write their text in shade 9 of every colour. */
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-green-light-color': '#1f6b30',
    '--mantine-color-blue-light-color': '#1864ab',
    '--mantine-color-yellow-light-color': '#7a5300',
    '--mantine-color-teal-light-color': '#08665a',
    '--mantine-color-red-text': '#c92a2a',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
export const cssVariablesResolver = resolver;

/*
 * Mantine's system font stack, plus Noto Color Emoji (Linux) and, last, Sofra's own cut of it
 * (emoji-font.css): the sidebar, table states and category emoji must not turn into empty boxes
 * on a counter PC without a colour emoji font. A device that has one never downloads Sofra's.
 */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, " +
  "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', 'Sofra Emoji'";

export const theme = createTheme({
  primaryColor: 'orange',
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY },
  primaryShade: 8,
  defaultRadius: 'md',
  colors: { orange, gray, green, red, teal },
  // Plain default props, not `NumberInput.extend(...)`: calling a component's `extend` here would put
  // that component (NumberInput brings a number-format library, Modal its focus trap) into the
  // login page's bundle, which needs none of them.
  components: {
    // Phones: typing a number is quicker than 24×17 px arrows, which are too small to hit.
    NumberInput: { defaultProps: { hideControls: true } satisfies Partial<NumberInputProps> },
    // Mantine's own label is English ("Toggle password visibility").
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Şifreyi göster veya gizle' } } satisfies Partial<PasswordInputProps>,
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Kapat' } } satisfies Partial<ModalProps> },
    // a tag's ✕ says what it does (Mantine gives it no name)
    Pill: { defaultProps: { removeButtonProps: { 'aria-label': 'Kaldır' } } satisfies Partial<PillProps> },
    // A link inside a sentence must not be told apart by colour alone.
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    Slider: { defaultProps: { thumbSize: 28, size: 'lg' } satisfies Partial<SliderProps> },
  },
});
