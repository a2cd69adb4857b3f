/* The recipes feature's front door: Reçete Raporu's reads (Malzemeler, the recipe book, the report). */
export { ingredientsQuery, recipeBookQuery, recipeReportQuery } from './recipes';
