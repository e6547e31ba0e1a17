/** The page parameters every list of the API takes, with their documented limits. */
import { Type } from 'typebox';

/** Highest page number a list answers; past it the request is a 400 naming `page`. */
export const MAX_PAGE = 100_000;
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/** `page` and `per_page` query parameters for a list of `items` (plural, for the description). */
export function pageParameters(items: string) {
  return {
    page: Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE,
      default: 1,
      description: `page number, 1 to ${MAX_PAGE}`,
    }),
    per_page: Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: DEFAULT_PER_PAGE,
      description: `${items} per page, 1 to ${MAX_PER_PAGE}`,
    }),
  };
}
