/*
 * The tables feature's front door: the floor, the tables and the sections as other screens read
 * them (one key, one shape each), and the floor fields of a table no ticket is open on.
 */
export { floorQuery, useFloor } from './floor-queries';
export { sectionsQuery, tablesQuery, useSections, useTables } from './tables-queries';
export { FREE_TABLE } from './floor-mutations';
