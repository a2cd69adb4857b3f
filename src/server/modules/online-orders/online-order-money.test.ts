import { orderMoney, type NewOnlineOrder } from './online-order-insert';

/*
 * The money of a new order (orderMoney): two discounts together never take more than the food, so
 * the total is never below zero, whoever funds them.
 */
const order = (over: Partial<NewOnlineOrder>) =>
  ({ source: 'yemeksepeti', externalId: 'x', type: 'delivery', items: [], customerName: 'Ayşe', subtotalKurus: 10_000, paymentMethod: 'cash', ...over }) as NewOnlineOrder;

it('takes the restaurant’s discount only from what the platform’s left: the total never goes below zero', () => {
  expect(orderMoney(order({ platformDiscountKurus: 7_000, restaurantDiscountKurus: 5_000 }))).toMatchObject({ platformDiscountKurus: 7_000, restaurantDiscountKurus: 3_000, totalKurus: 0 });
  expect(orderMoney(order({ platformDiscountKurus: 12_000, restaurantDiscountKurus: 1_000 }))).toMatchObject({ platformDiscountKurus: 10_000, restaurantDiscountKurus: 0, totalKurus: 0 });
  expect(orderMoney(order({ platformDiscountKurus: 2_000, restaurantDiscountKurus: 1_000, deliveryFeeKurus: 990 }))).toMatchObject({ totalKurus: 7_000, customerPaysKurus: 7_990, collectAtDoorKurus: 7_990 });
});
