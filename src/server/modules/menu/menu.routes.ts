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
import { ALL_STAFF, OWNER, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { changeCategoryPrices, createCategory, deleteCategory, reorderCategories, updateCategory } from './menu-categories.service';
import { createItem, deleteItem, duplicateItem, updateItem } from './menu-items.service';
import { copyItemPhoto, withNewPhoto } from './menu-photos';
import { getAdminMenu } from './menu-read.service';
import { createOptionGroup, deleteOptionGroup, replaceOptionGroup } from './option-groups.service';

const categoryParams = restaurantParams.extend({ categoryId: z.string() });
export const itemParams = restaurantParams.extend({ itemId: z.string() });
const groupParams = restaurantParams.extend({ groupId: z.string() });

/**
 * The owner's menu (prefix …/menu). Every role may read it (waiters and the kitchen order from it);
 * only the owner changes it. Each command emits 'menu', so open screens and the public menu
 * refresh without a reload.
 */
export async function menuRoutes(app: FastifyInstance) {
  const { db, photos } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('', { config: ALL_STAFF, schema: { params: restaurantParams, response: { 200: adminMenu } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return getAdminMenu(db, actorOf(request).restaurantId);
  });

  // ------------------------------------------------------------ categories
  r.post(
    '/categories',
    { config: OWNER, schema: { params: restaurantParams, body: createCategoryRequest, response: { 201: menuCategory } } },
    async (request, reply) => reply.status(201).send(await command(request, (c) => createCategory(c, request.body))),
  );

  r.put(
    '/categories/order',
    { config: OWNER, schema: { params: restaurantParams, body: reorderCategoriesRequest, response: { 200: z.array(menuCategory) } } },
    (request) => command(request, (c) => reorderCategories(c, request.body)),
  );

  r.patch(
    '/categories/:categoryId',
    { config: OWNER, schema: { params: categoryParams, body: updateCategoryRequest, response: { 200: menuCategory } } },
    (request) => command(request, (c) => updateCategory(c, { ...request.body, ...request.params })),
  );

  r.delete('/categories/:categoryId', { config: OWNER, schema: { params: categoryParams } }, async (request, reply) => {
    await command(request, (c) => deleteCategory(c, request.params));
    return reply.status(204).send();
  });

  r.post(
    '/categories/:categoryId/price-change',
    { config: OWNER, schema: { params: categoryParams, body: priceChangeRequest, response: { 200: priceChangeResult } } },
    (request) => command(request, (c) => changeCategoryPrices(c, { ...request.body, ...request.params })),
  );

  // ------------------------------------------------------------ items
  r.post(
    '/items',
    { config: OWNER, schema: { params: restaurantParams, body: createItemRequest, response: { 201: menuItem } } },
    async (request, reply) => reply.status(201).send(await command(request, (c) => createItem(c, request.body))),
  );

  r.patch(
    '/items/:itemId',
    { config: OWNER, schema: { params: itemParams, body: updateItemRequest, response: { 200: menuItem } } },
    (request) => command(request, (c) => updateItem(c, { ...request.body, ...request.params })),
  );

  r.delete('/items/:itemId', { config: OWNER, schema: { params: itemParams } }, async (request, reply) => {
    await withNewPhoto(photos, null, () => command(request, (c) => deleteItem(c, request.params)));
    return reply.status(204).send();
  });

  r.post('/items/:itemId/duplicate', { config: OWNER, schema: { params: itemParams, response: { 201: menuItem } } }, async (request, reply) => {
    const { itemId, restaurantId } = request.params;
    const copy = await copyItemPhoto(db, photos, restaurantId, itemId);
    const item = await withNewPhoto(photos, copy, (photoPath) => command(request, (c) => duplicateItem(c, { itemId, photoPath })));
    return reply.status(201).send(item);
  });

  // ------------------------------------------------------------ option groups
  r.post(
    '/option-groups',
    { config: OWNER, schema: { params: restaurantParams, body: saveOptionGroupRequest, response: { 201: optionGroup } } },
    async (request, reply) => reply.status(201).send(await command(request, (c) => createOptionGroup(c, request.body))),
  );

  r.put(
    '/option-groups/:groupId',
    { config: OWNER, schema: { params: groupParams, body: replaceOptionGroupRequest, response: { 200: optionGroup } } },
    (request) => command(request, (c) => replaceOptionGroup(c, { ...request.body, ...request.params })),
  );

  r.delete('/option-groups/:groupId', { config: OWNER, schema: { params: groupParams } }, async (request, reply) => {
    await command(request, (c) => deleteOptionGroup(c, request.params));
    return reply.status(204).send();
  });
}
