import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMenu,
  createCategoryRequest,
  createItemRequest,
  menuCategory,
  menuItem,
  optionGroup,
  priceChangeRequest,
  priceChangeResult,
  reorderCategoriesRequest,
  replaceOptionGroupRequest,
  saveOptionGroupRequest,
  updateCategoryRequest,
  updateItemRequest,
} from '../../../shared/menu-contract';
import { ALL_STAFF, OWNER, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import {
  changeCategoryPrices,
  createCategory,
  deleteCategory,
  reorderCategories,
  updateCategory,
} from './menu-categories.service';
import { createItem, deleteItem, duplicateItem, updateItem } from './menu-items.service';
import { getAdminMenu } from './menu-read.service';
import { createOptionGroup, deleteOptionGroup, replaceOptionGroup } from './option-groups.service';

const categoryParams = restaurantParams.extend({ categoryId: z.string() });
export const itemParams = restaurantParams.extend({ itemId: z.string() });
const groupParams = restaurantParams.extend({ groupId: z.string() });

/**
 * The owner's menu. Every role may read it (waiters and the kitchen will order from it); only the
 * owner changes it. Each change publishes a 'menu' event, so open screens and the public menu
 * refresh without a reload. Prefix …/menu.
 */
export async function menuRoutes(app: FastifyInstance) {
  const { db, hub, photos } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = (restaurantId: string, id?: string) => hub.publish(restaurantId, 'menu', id);

  r.get('', { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: adminMenu } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return getAdminMenu(db, actorOf(request).restaurantId);
  });

  // ------------------------------------------------------------ categories
  r.post(
    `/categories`,
    { config: OWNER, schema: { params: restaurantParams, body: createCategoryRequest, response: { 201: menuCategory } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const category = await createCategory(db, actor, request.body);
      changed(actor.restaurantId, category.id);
      return reply.status(201).send(category);
    },
  );

  r.put(
    `/categories/order`,
    { config: OWNER, schema: { params: restaurantParams, body: reorderCategoriesRequest, response: { 200: z.array(menuCategory) } } },
    async (request) => {
      const actor = actorOf(request);
      const categories = await reorderCategories(db, actor, request.body.ids);
      changed(actor.restaurantId);
      return categories;
    },
  );

  r.patch(
    `/categories/:categoryId`,
    { config: OWNER, schema: { params: categoryParams, body: updateCategoryRequest, response: { 200: menuCategory } } },
    async (request) => {
      const actor = actorOf(request);
      const category = await updateCategory(db, actor, request.params.categoryId, request.body);
      changed(actor.restaurantId, category.id);
      return category;
    },
  );

  r.delete(`/categories/:categoryId`, { config: OWNER, schema: { params: categoryParams } }, async (request, reply) => {
    const actor = actorOf(request);
    await deleteCategory(db, actor, request.params.categoryId);
    changed(actor.restaurantId, request.params.categoryId);
    return reply.status(204).send();
  });

  r.post(
    `/categories/:categoryId/price-change`,
    { config: OWNER, schema: { params: categoryParams, body: priceChangeRequest, response: { 200: priceChangeResult } } },
    async (request) => {
      const actor = actorOf(request);
      const result = await changeCategoryPrices(db, actor, request.params.categoryId, request.body);
      changed(actor.restaurantId, request.params.categoryId);
      return result;
    },
  );

  // ------------------------------------------------------------ items
  r.post(
    `/items`,
    { config: OWNER, schema: { params: restaurantParams, body: createItemRequest, response: { 201: menuItem } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const item = await createItem(db, actor, request.body);
      changed(actor.restaurantId, item.id);
      return reply.status(201).send(item);
    },
  );

  r.patch(
    `/items/:itemId`,
    { config: OWNER, schema: { params: itemParams, body: updateItemRequest, response: { 200: menuItem } } },
    async (request) => {
      const actor = actorOf(request);
      const item = await updateItem(db, actor, request.params.itemId, request.body);
      changed(actor.restaurantId, item.id);
      return item;
    },
  );

  r.delete(`/items/:itemId`, { config: OWNER, schema: { params: itemParams } }, async (request, reply) => {
    const actor = actorOf(request);
    await deleteItem(db, actor, request.params.itemId, photos);
    changed(actor.restaurantId, request.params.itemId);
    return reply.status(204).send();
  });

  r.post(
    `/items/:itemId/duplicate`,
    { config: OWNER, schema: { params: itemParams, response: { 201: menuItem } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const item = await duplicateItem(db, actor, request.params.itemId, photos);
      changed(actor.restaurantId, item.id);
      return reply.status(201).send(item);
    },
  );

  // ------------------------------------------------------------ option groups
  r.post(
    `/option-groups`,
    { config: OWNER, schema: { params: restaurantParams, body: saveOptionGroupRequest, response: { 201: optionGroup } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const group = await createOptionGroup(db, actor, request.body);
      changed(actor.restaurantId, group.id);
      return reply.status(201).send(group);
    },
  );

  r.put(
    `/option-groups/:groupId`,
    { config: OWNER, schema: { params: groupParams, body: replaceOptionGroupRequest, response: { 200: optionGroup } } },
    async (request) => {
      const actor = actorOf(request);
      const group = await replaceOptionGroup(db, actor, request.params.groupId, request.body);
      changed(actor.restaurantId, group.id);
      return group;
    },
  );

  r.delete(`/option-groups/:groupId`, { config: OWNER, schema: { params: groupParams } }, async (request, reply) => {
    const actor = actorOf(request);
    await deleteOptionGroup(db, actor, request.params.groupId);
    changed(actor.restaurantId, request.params.groupId);
    return reply.status(204).send();
  });
}
