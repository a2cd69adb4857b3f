import type { FastifyRequest } from 'fastify';
import { PIN_MESSAGES, type PinApproval } from '../../../shared/pin-contract';
import { HttpError } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { pinChecksOf } from './pin-checks';
import { SHARED_DEVICE_COOKIE, findSharedDevice } from './shared-devices.service';

/**
 * An owner's approval by PIN (İndirim / İkram / İptal): only on a shared device of the caller's
 * restaurant, only an active owner's PIN, under the same limits as the PIN sign-in (the owner's
 * wrong PINs here and at the pad count together). Answers the approver's user id; 403 otherwise.
 */
export async function verifyPinApproval(request: FastifyRequest, approval: PinApproval): Promise<string> {
  const actor = actorOf(request);
  const device = await findSharedDevice(request.server.db, request.cookies[SHARED_DEVICE_COOKIE]);
  if (!device || device.restaurantId !== actor.restaurantId) throw new HttpError(403, PIN_MESSAGES.notSharedDeviceApproval);
  const approver = await pinChecksOf(request.server).verify({
    device,
    userId: approval.approverId,
    pin: approval.pin,
    actor: { restaurantId: actor.restaurantId, userId: actor.userId, role: actor.role },
    ownerOnly: true,
    wrong: new HttpError(403, PIN_MESSAGES.wrongApprovalPin),
  });
  return approver.userId;
}
