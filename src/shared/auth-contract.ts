import { z } from 'zod';
import { ROLES } from './domain/roles';
import { refuseBadCharacters } from './text';

export const loginRequest = z.object({
  // a NUL cannot even be looked up in PostgreSQL (a 500 the route fuzz found): refused like any name's
  email: z.string().trim().min(1, 'E-posta gerekli').max(254).superRefine(refuseBadCharacters('name', 'E-posta')),
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
