import { ApiPath } from '../../api';
import { defineQuery } from '../../data';

/**
 * The member's own figures: cleared at logout with the rest of the member's rows (the call table).
 * A read is silent: the page shows what failed where the figures would be; an answer with a figure
 * missing is refused at the door (api/answers.ts) rather than shown with a zero in its place.
 */
export const trendQuery = defineQuery(ApiPath.trendData, {});
