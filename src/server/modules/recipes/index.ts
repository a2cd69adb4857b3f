/** The recipes module's front door: what other modules and the app may use of it; they import nothing else. */
export { loadRecipeIndex, unitUse } from './consumption';
export type { RecipeIndex } from './consumption';
export { createIngredient } from './ingredients.service';
export { actualUse, costPerMicro, ingredientUse, presentReport } from './recipe-report-parts';
export { recipesRoutes } from './recipes.routes';
export { saveRecipe } from './recipes.service';
