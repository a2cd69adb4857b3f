import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authUser } from '../../../shared/auth-contract';
import { PIN_MESSAGES, pinLoginRequest, sharedDeviceInfo as sharedDeviceInfoSchema } from '../../../shared/pin-contract';
import { HttpError } from '../../errors';
import { runCommand } from '../../lib/command';
import { commandDeps, PUBLIC } from '../../lib/routes';
import { SESSION_COOKIE } from '../../plugins/auth';
import { setSessionCookie, setSharedDeviceCookie } from './device-cookies';
import { pinChecksOf } from './pin-checks';
import { sharedDeviceInfo, startPinSession } from './pin-sign-in';
import { SHARED_DEVICE_COOKIE, findSharedDevice } from './shared-devices.service';

/** PIN sign-in on a registered shared device (prefix /api/auth, beside the password sign-in). */
export async function pinAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checks = pinChecksOf(app);

  // Public: the login page asks whether this browser is a shared device. Only a registered
  // device's cookie answers names; any other browser learns nothing.
  r.get('/shared-device', { config: PUBLIC, schema: { response: { 200: sharedDeviceInfoSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return sharedDeviceInfo(app.db, await findSharedDevice(app.db, request.cookies[SHARED_DEVICE_COOKIE]));
  });

  r.post('/pin', { config: PUBLIC, schema: { body: pinLoginRequest, response: { 200: authUser } } }, async (request, reply) => {
    const token = request.cookies[SHARED_DEVICE_COOKIE];
    const device = await findSharedDevice(app.db, token);
    // A PIN is too short to be a password: it is never accepted from a browser the owner did not register.
    if (!device || !token) throw new HttpError(403, PIN_MESSAGES.notSharedDevice);
    const person = await checks.verify({
      device,
      userId: request.body.userId,
      pin: request.body.pin,
      actor: { restaurantId: device.restaurantId, userId: null, role: 'shared-device' },
      wrong: new HttpError(401, PIN_MESSAGES.wrongPin),
    });
    const signedIn = await runCommand(commandDeps(app), { restaurantId: device.restaurantId, userId: person.userId, role: person.role }, (c) =>
      startPinSession(c, { person, device, previousSessionToken: request.cookies[SESSION_COOKIE] }),
    );
    setSessionCookie(request, reply, signedIn.sessionToken);
    // In daily use the device's cookie never runs out.
    setSharedDeviceCookie(request, reply, token);
    return signedIn.user;
  });
}
