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
import { SESSIONS_ENDED_EVENT } from '../../../shared/live-events';
import { OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { createStaff, listStaff, resetStaffPassword, setStaffActive, updateStaff } from './staff.service';

const staffParams = restaurantParams.extend({ userId: z.string() });

/** Staff management is the owner's alone (prefix …/staff). */
export async function staffRoutes(app: FastifyInstance) {
  const { db, hub } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (restaurantId: string, userId: string) => hub.publish(restaurantId, 'staff', userId);

  r.get('', { config: OWNER, schema: { params: restaurantParams, querystring: staffQuery, response: { 200: z.array(staffMember) } } }, (request) =>
    listStaff(db, actorOf(request).restaurantId, request.query),
  );

  r.post(
    '',
    { config: OWNER, schema: { params: restaurantParams, body: createStaffRequest, response: { 201: staffWithPassword } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createStaff(db, actor, request.body);
      changed(actor.restaurantId, created.staff.id);
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/:userId',
    { config: OWNER, schema: { params: staffParams, body: updateStaffRequest, response: { 200: staffMember } } },
    async (request) => {
      const actor = actorOf(request);
      const staff = await updateStaff(db, actor, request.params.userId, request.body);
      changed(actor.restaurantId, staff.id);
      return staff;
    },
  );

  for (const [action, isActive] of [['deactivate', false], ['reactivate', true]] as const) {
    r.post(
      `/:userId/${action}`,
      { config: OWNER, schema: { params: staffParams, body: versionOnly, response: { 200: staffMember } } },
      async (request) => {
        const actor = actorOf(request);
        const staff = await setStaffActive(db, actor, request.params.userId, isActive, request.body.version);
        changed(actor.restaurantId, staff.id);
        if (!isActive) hub.publish(actor.restaurantId, SESSIONS_ENDED_EVENT, staff.id);
        return staff;
      },
    );
  }

  r.post(
    '/:userId/reset-password',
    { config: OWNER, schema: { params: staffParams, body: resetPasswordRequest, response: { 200: staffWithPassword } } },
    async (request) => {
      const actor = actorOf(request);
      const result = await resetStaffPassword(db, actor, request.params.userId, request.body);
      changed(actor.restaurantId, result.staff.id);
      hub.publish(actor.restaurantId, SESSIONS_ENDED_EVENT, result.staff.id);
      return result;
    },
  );
}
