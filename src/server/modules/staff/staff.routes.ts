import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffRequest,
  resetPasswordRequest,
  staffMember,
  staffQuery,
  staffWithPassword,
  updateStaffRequest,
  versionOnly,
} from '../../../shared/staff-contract';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { createStaff, listStaff, newPassword, resetStaffPassword, setStaffActive, updateStaff } from './staff.service';

const staffParams = restaurantParams.extend({ userId: z.string() });

/** Staff management is the owner's alone (prefix …/staff). */
export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('', { config: OWNER, schema: { params: restaurantParams, querystring: staffQuery, response: { 200: z.array(staffMember) } } }, (request) =>
    listStaff(app.db, request.params.restaurantId, request.query),
  );

  r.post(
    '',
    { config: { ...OWNER, secretInAnswer: ['generatedPassword'] }, schema: { params: restaurantParams, body: createStaffRequest, response: { 201: staffWithPassword } } },
    async (request, reply) => {
      const password = await newPassword(request.body.password);
      return reply.status(201).send(await command(request, (c) => createStaff(c, { ...request.body, ...password })));
    },
  );

  r.patch('/:userId', { config: OWNER, schema: { params: staffParams, body: updateStaffRequest, response: { 200: staffMember } } }, (request) =>
    command(request, (c) => updateStaff(c, { ...request.body, ...request.params })),
  );

  for (const [action, isActive] of [['deactivate', false], ['reactivate', true]] as const) {
    r.post(`/:userId/${action}`, { config: OWNER, schema: { params: staffParams, body: versionOnly, response: { 200: staffMember } } }, (request) =>
      command(request, (c) => setStaffActive(c, { ...request.body, ...request.params, isActive })),
    );
  }

  r.post(
    '/:userId/reset-password',
    { config: { ...OWNER, secretInAnswer: ['generatedPassword'] }, schema: { params: staffParams, body: resetPasswordRequest, response: { 200: staffWithPassword } } },
    async (request) => {
      const password = await newPassword(request.body.password);
      return command(request, (c) => resetStaffPassword(c, { ...request.body, ...request.params, ...password }));
    },
  );
}
