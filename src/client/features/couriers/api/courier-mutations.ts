import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourierInfo, CourierLinkResult } from '../../../../shared/couriers-contract';
import { queryKeys } from '../../../api/query-keys';
import { assignToCourier, createCourier, createCourierLink, revokeCourierLink, settleCourier, updateCourier } from './couriers';

/** Every courier write refreshes Kurye Takibi when it settles (the live event does so on other screens). */
function useCourierWrite<I, O>(request: (input: I) => Promise<O>, onSuccess?: (out: O) => void) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.couriers() }) });
}

/** Kurye Ekle, or the edit of one courier's name and phone (with the version it read). */
export const useSaveCourier = (courier: CourierInfo | undefined, onSaved: () => void) =>
  useCourierWrite(
    ({ name, phone }: { name: string; phone: string }) =>
      courier ? updateCourier(courier.id, { version: courier.version, name, phone }) : createCourier({ name, phone }),
    onSaved,
  );

/** Aktif / Pasif: the courier's switch, with the version the card shows. */
export const useToggleCourierActive = (courier: CourierInfo) =>
  useCourierWrite(() => updateCourier(courier.id, { version: courier.version, isActive: !courier.isActive }));

/** A new link for the courier's phone page (shown once, as its answer). */
export const useCreateCourierLink = (courierId: string, onCreated: (link: CourierLinkResult) => void) =>
  useCourierWrite(() => createCourierLink(courierId), onCreated);

export const useRevokeCourierLink = (courierId: string) => useCourierWrite(() => revokeCourierLink(courierId));

/** Hesabı Kapat: the delivered orders' cash, with the Idempotency-Key of the confirmation shown. */
export const useSettleCourier = (courier: CourierInfo, onDone: () => void) =>
  useCourierWrite((key: string) => settleCourier(courier.id, { assignmentIds: courier.unsettled.assignmentIds }, key), onDone);

/** Kuryeye Ver: the chosen ready orders to one courier, as one trip. */
export const useAssignToCourier = (onAssigned: () => void) =>
  useCourierWrite(({ courierId, ticketIds }: { courierId: string; ticketIds: string[] }) => assignToCourier(courierId, { ticketIds }), onAssigned);
