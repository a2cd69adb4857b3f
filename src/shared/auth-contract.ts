import { z } from 'zod';
import { ROLES } from './domain/roles';

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'E-posta gerekli').max(254),
  password: z.string().min(1, 'Şifre gerekli').max(1024),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const authUser = z.object({
  uid: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurantId: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;
