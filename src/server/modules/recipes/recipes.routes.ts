import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionQuery } from '../../../shared/floor-contract';
import {
  countRequest,
  createIngredientRequest,
  ingredientInfo,
  ingredientListResponse,
  purchaseRequest,
  recipeBookResponse,
  saveRecipeRequest,
  updateIngredientRequest,
} from '../../../shared/recipes-contract';
import { OWNER, command, restaurantParams } from '../../lib/routes';
import { actorOf } from '../../plugins/auth';
import { createIngredient, deleteIngredient, listIngredients, recordCount, recordPurchase, updateIngredient } from './ingredients.service';
import { readRecipeBook, saveRecipe } from './recipes.service';

const ingredientParams = restaurantParams.extend({ ingredientId: z.string() });
const itemParams = restaurantParams.extend({ menuItemId: z.string() });
const optionParams = restaurantParams.extend({ optionId: z.string() });

/**
 * Reçete Raporu (issue 23): Malzemeler, Reçeteler and the report. Owner only. Every write is one
 * command (audited, version-checked) and answers what the screen shows next.
 */
export async function recipesRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = async (restaurantId: string, id: string) => (await listIngredients(db, restaurantId)).find((i) => i.id === id)!;

  r.get('/ingredients', { config: OWNER, schema: { params: restaurantParams, response: { 200: ingredientListResponse } } }, async (request) =>
    listIngredients(db, actorOf(request).restaurantId),
  );

  r.post('/ingredients', { config: OWNER, schema: { params: restaurantParams, body: createIngredientRequest, response: { 201: ingredientInfo } } }, async (request, reply) => {
    const id = await command(request, (c) => createIngredient(c, request.body));
    return reply.status(201).send(await one(actorOf(request).restaurantId, id));
  });

  r.patch('/ingredients/:ingredientId', { config: OWNER, schema: { params: ingredientParams, body: updateIngredientRequest, response: { 200: ingredientInfo } } }, async (request) => {
    await command(request, (c) => updateIngredient(c, request.params.ingredientId, request.body));
    return one(actorOf(request).restaurantId, request.params.ingredientId);
  });

  r.delete('/ingredients/:ingredientId', { config: OWNER, schema: { params: ingredientParams, querystring: versionQuery } }, async (request, reply) => {
    await command(request, (c) => deleteIngredient(c, request.params.ingredientId, request.query.version));
    return reply.status(204).send();
  });

  r.post('/ingredients/:ingredientId/purchases', { config: OWNER, schema: { params: ingredientParams, body: purchaseRequest, response: { 201: ingredientInfo } } }, async (request, reply) => {
    await command(request, (c) => recordPurchase(c, request.params.ingredientId, request.body));
    return reply.status(201).send(await one(actorOf(request).restaurantId, request.params.ingredientId));
  });

  r.post('/ingredients/:ingredientId/counts', { config: OWNER, schema: { params: ingredientParams, body: countRequest, response: { 201: ingredientInfo } } }, async (request, reply) => {
    await command(request, (c) => recordCount(c, request.params.ingredientId, request.body));
    return reply.status(201).send(await one(actorOf(request).restaurantId, request.params.ingredientId));
  });

  r.get('/recipes', { config: OWNER, schema: { params: restaurantParams, response: { 200: recipeBookResponse } } }, async (request) =>
    readRecipeBook(db, actorOf(request).restaurantId),
  );

  r.put('/recipes/items/:menuItemId', { config: OWNER, schema: { params: itemParams, body: saveRecipeRequest, response: { 200: recipeBookResponse } } }, async (request) => {
    await command(request, (c) => saveRecipe(c, { kind: 'item', id: request.params.menuItemId }, request.body));
    return readRecipeBook(db, actorOf(request).restaurantId);
  });

  r.put('/recipes/options/:optionId', { config: OWNER, schema: { params: optionParams, body: saveRecipeRequest, response: { 200: recipeBookResponse } } }, async (request) => {
    await command(request, (c) => saveRecipe(c, { kind: 'option', id: request.params.optionId }, request.body));
    return readRecipeBook(db, actorOf(request).restaurantId);
  });
}
