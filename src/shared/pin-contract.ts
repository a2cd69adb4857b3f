import { z } from 'zod';
import { ROLES } from './domain/roles';
import { nameText } from './text';

/**
 * PIN sign-in on shared devices (ADR 0009): the owner registers a counter PC or kitchen tablet,
 * staff pick their name there and type a 4–6 digit personal PIN. A PIN is worth nothing elsewhere.
 */
export const PIN_LIMITS = {
  minLength: 4,
  maxLength: 6,
  /** wrong PINs of one person (sign-in and approvals together) before the owner must unlock it */
  personFailures: 5,
  /** wrong PINs on one device in the window before it must wait */
  deviceFailures: 10,
  deviceName: 40,
} as const;

export const PIN_MESSAGES = {
  format: `PIN ${PIN_LIMITS.minLength}–${PIN_LIMITS.maxLength} haneli bir sayı olmalı`,
  trivial: 'Bu PIN tahmin edilmesi çok kolay (ör. 0000, 1234, 1111); başka bir PIN seçin',
  notSharedDevice: 'PIN ile giriş yalnızca işletme sahibinin kaydettiği paylaşılan cihazlarda yapılabilir',
  notSharedDeviceApproval: 'PIN ile onay yalnızca kayıtlı paylaşılan cihazlarda verilebilir; e-posta ve şifre ile onaylayın',
  wrongPin: 'PIN hatalı',
  wrongApprovalPin: 'Onaylayan işletme sahibinin PIN’i hatalı',
  noPin: 'Bu kişinin PIN’i yok; e-posta ve şifre ile giriş yapın',
  locked: 'Çok fazla hatalı PIN girildi; PIN kilitlendi. İşletme sahibi Personel ekranından kilidi açabilir.',
  tooManyOnDevice: 'Bu cihazda çok fazla hatalı PIN girildi. Lütfen 15 dakika sonra tekrar deneyin.',
  staffNotFound: 'Personel bulunamadı',
  deviceNotFound: 'Cihaz bulunamadı',
  alreadyRegistered: (name: string) => `Bu tarayıcı zaten "${name}" olarak kayıtlı`,
} as const;

/** Runs up or down by one, e.g. 1234, 3210, 456789. */
function isRun(pin: string) {
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => x - d[i]);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** Common picks beyond the patterns: keypad columns and well-known numbers. */
const COMMON = new Set(['2580', '0852', '1004', '2000', '1122', '1313', '6969', '4321', '1010', '2468', '1357', '112233', '123123', '159753']);

/** Why a PIN would be refused (null when it is fine): the same rule on both sides. */
export function pinProblem(pin: string): string | null {
  if (!/^\d+$/.test(pin) || pin.length < PIN_LIMITS.minLength || pin.length > PIN_LIMITS.maxLength) return PIN_MESSAGES.format;
  const allSame = /^(\d)\1+$/.test(pin);
  // 1212, 121212, 123123: a short block said again
  const repeated = /^(\d{1,3})\1+$/.test(pin);
  if (allSame || repeated || isRun(pin) || COMMON.has(pin)) return PIN_MESSAGES.trivial;
  return null;
}

/** A PIN as typed on the pad (the format only: whether it is right is the server's to say). */
const typedPin = z
  .string({ error: PIN_MESSAGES.format })
  .regex(new RegExp(`^\\d{${PIN_LIMITS.minLength},${PIN_LIMITS.maxLength}}$`), PIN_MESSAGES.format);

/** A new PIN: also refused when it is trivial. */
export const newPin = z.string({ error: PIN_MESSAGES.format }).superRefine((pin, ctx) => {
  const problem = pinProblem(pin);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Ayarlar → PIN: the current password proves it is the person, not someone at their open screen. */
export const setOwnPinRequest = z.object({
  currentPassword: z.string().min(1, 'Mevcut şifre gerekli').max(1024),
  pin: newPin,
});
export type SetOwnPinRequest = z.infer<typeof setOwnPinRequest>;

export const pinState = z.object({ hasPin: z.boolean(), isLocked: z.boolean() });
export type PinState = z.infer<typeof pinState>;

/** Personel: each member's PIN state, for the owner's clear / unlock. */
export const staffPinState = pinState.extend({ userId: z.string() });
export type StaffPinState = z.infer<typeof staffPinState>;

export const registerDeviceRequest = z.object({
  name: nameText('Cihaz adı', { min: 1, max: PIN_LIMITS.deviceName, collapseSpaces: true }),
});
export type RegisterDeviceRequest = z.infer<typeof registerDeviceRequest>;

export const sharedDevice = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** the browser asking is this device */
  isThisDevice: z.boolean(),
});
export type SharedDevice = z.infer<typeof sharedDevice>;

/** Who may pick their name on the pad: the restaurant's active staff with a PIN. */
export const padPerson = z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES), isLocked: z.boolean() });
export type PadPerson = z.infer<typeof padPerson>;

/** What the login page learns about this browser: null device = an ordinary browser. */
export const sharedDeviceInfo = z.object({
  device: z.object({ name: z.string(), restaurantName: z.string() }).nullable(),
  people: z.array(padPerson),
});
export type SharedDeviceInfo = z.infer<typeof sharedDeviceInfo>;

export const pinLoginRequest = z.object({ userId: z.string().max(64), pin: typedPin });
export type PinLoginRequest = z.infer<typeof pinLoginRequest>;

/** An owner's approval by PIN on a shared device (İndirim / İkram / İptal), instead of email + password. */
export const pinApproval = z.object({ approverId: z.string().max(64), pin: typedPin });
export type PinApproval = z.infer<typeof pinApproval>;
