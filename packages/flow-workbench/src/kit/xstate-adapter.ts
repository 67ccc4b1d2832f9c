/**
 * The kit's only read of XState's private fields lives in @tienda/flow-identity (`microstep`),
 * shared with the site's visit recorder; if a new XState release renames it, that is the one
 * function to change.
 */
export { microstep } from '@tienda/flow-identity';
