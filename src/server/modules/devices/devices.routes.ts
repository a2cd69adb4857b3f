import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pinState, registerDeviceRequest, sharedDevice, staffPinState } from '../../../shared/pin-contract';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { clearSharedDeviceCookie, setSharedDeviceCookie } from './device-cookies';
import { clearPin, listPinStates, unlockPin } from './pins.service';
import { SHARED_DEVICE_COOKIE, findSharedDevice, listSharedDevices, registerSharedDevice, revokeSharedDevice } from './shared-devices.service';

const deviceParams = restaurantParams.extend({ deviceId: z.string() });
const staffParams = restaurantParams.extend({ userId: z.string() });

/** Personel → Paylaşılan Cihazlar and the members' PINs: the owner's alone (prefix: the restaurant). */
export async function devicesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const thisDevice = (cookie: string | undefined) => findSharedDevice(app.db, cookie);

  r.get('/devices', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(sharedDevice) } } }, async (request) =>
    listSharedDevices(app.db, request.params.restaurantId, await thisDevice(request.cookies[SHARED_DEVICE_COOKIE])),
  );

  // Registers the browser the owner is using now (the counter PC, the kitchen tablet).
  r.post('/devices', { config: OWNER, schema: { params: restaurantParams, body: registerDeviceRequest, response: { 201: sharedDevice } } }, async (request, reply) => {
    const current = await thisDevice(request.cookies[SHARED_DEVICE_COOKIE]);
    const { device, token } = await command(request, (c) => registerSharedDevice(c, { name: request.body.name, current }));
    setSharedDeviceCookie(request, reply, token);
    return reply.status(201).send(device);
  });

  r.post('/devices/:deviceId/revoke', { config: OWNER, schema: { params: deviceParams } }, async (request, reply) => {
    await command(request, (c) => revokeSharedDevice(c, request.params.deviceId));
    const current = await thisDevice(request.cookies[SHARED_DEVICE_COOKIE]);
    // Revoked from itself: the cookie is worth nothing now, so it goes too.
    if (!current && request.cookies[SHARED_DEVICE_COOKIE]) clearSharedDeviceCookie(reply);
    return reply.status(204).send();
  });

  r.get('/pins', { config: OWNER, schema: { params: restaurantParams, response: { 200: z.array(staffPinState) } } }, (request) =>
    listPinStates(app.db, request.params.restaurantId),
  );

  r.post('/pins/:userId/clear', { config: OWNER, schema: { params: staffParams, response: { 200: pinState } } }, (request) =>
    command(request, (c) => clearPin(c, request.params.userId, 'owner')),
  );

  r.post('/pins/:userId/unlock', { config: OWNER, schema: { params: staffParams, response: { 200: pinState } } }, (request) =>
    command(request, (c) => unlockPin(c, request.params.userId)),
  );
}
