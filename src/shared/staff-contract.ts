import { z } from 'zod';
import { normaliseEmail } from './email';
import { newPassword } from './password-policy';
import { role } from './domain/roles';
import { nameText } from './text';

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** a string, not the enum: imported memberships may carry roles Sofra does not know */
  role: z.string(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  version: z.number().int(),
});
export type StaffMember = z.infer<typeof staffMember>;

const name = nameText('Ad', { min: 1, max: 80 });
const version = z.number({ error: 'Sürüm (version) gerekli' }).int().min(1);

export const staffQuery = z.object({
  search: nameText('Arama', { max: 100 }).optional(),
  role: z.union([role, z.literal('')]).optional(),
});

export const createStaffRequest = z.object({
  name,
  email: z.string().max(254).transform(normaliseEmail).pipe(z.email('Geçerli bir e-posta adresi girin')),
  role,
  /** left out: the server generates one and shows it once */
  password: newPassword.optional(),
});
export type CreateStaffRequest = z.infer<typeof createStaffRequest>;

export const staffWithPassword = z.object({ staff: staffMember, generatedPassword: z.string().optional() });

export const updateStaffRequest = z.object({ name, role, version });
export const versionOnly = z.object({ version });
export const resetPasswordRequest = z.object({ version, password: newPassword.optional() });

/** The answer to a wrong current password; the screen shows it on that field. */
export const WRONG_CURRENT_PASSWORD = 'Mevcut şifre hatalı';

export const changeOwnPasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Mevcut şifre gerekli').max(1024),
  newPassword,
});

/** A staff member's own view settings (kitchen and waiter "Ayarlar"). */
export const TABLE_VIEWS = ['list', 'floor'] as const;
export const userPreferences = z.object({
  soundEnabled: z.boolean(),
  volume: z.number().int().min(0, 'Ses düzeyi 0 ile 100 arasında olmalı').max(100, 'Ses düzeyi 0 ile 100 arasında olmalı'),
  vibrationEnabled: z.boolean(),
  /** kitchen: '' = every station */
  station: nameText('İstasyon', { max: 40 }),
  /** kitchen ticket text size in px */
  fontSize: z.number().int().min(12, 'Yazı boyutu 12 ile 32 arasında olmalı').max(32, 'Yazı boyutu 12 ile 32 arasında olmalı'),
  fullScreen: z.boolean(),
  /** waiter: '' = all sections */
  defaultSectionId: nameText('Bölüm', { max: 64 }),
  tableView: z.enum(TABLE_VIEWS, { error: "Görünüm 'list' ya da 'floor' olmalı" }),
});
export type UserPreferences = z.infer<typeof userPreferences>;

export const DEFAULT_USER_PREFERENCES: UserPreferences = {
  soundEnabled: true,
  volume: 70,
  vibrationEnabled: true,
  station: '',
  fontSize: 16,
  fullScreen: false,
  defaultSectionId: '',
  tableView: 'floor',
};
